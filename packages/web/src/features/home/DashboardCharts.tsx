import { useNavigate } from 'react-router';
import { useTheme } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { BarChart } from '@mui/x-charts/BarChart';
import type { TicketPriority, TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { humaniseCode } from '../../shared/humanise';
import { dashboardLinks } from './dashboard.queries';

/**
 * The dashboard's two charts, in a chunk of their own (loaded lazily by
 * Dashboard, so @mui/x-charts stays out of Home's initial JavaScript). A
 * click on a slice or a bar opens the ticket list filtered to it.
 */
export interface DashboardChartsProps {
  since: string;
  byStatus: { ticket_status: TicketStatus; count: number }[];
  byPriority: { priority: TicketPriority; count: number }[];
}

export function StatusChart({ since, byStatus }: Pick<DashboardChartsProps, 'since' | 'byStatus'>) {
  const navigate = useNavigate();
  const { palette } = useTheme();
  const colours: Record<TicketStatus, string> = {
    OPEN: palette.info.main,
    IN_PROGRESS: palette.warning.main,
    ON_HOLD: palette.grey[500],
    REOPENED: palette.secondary.main,
    CLOSED: palette.success.main,
  };
  const data = byStatus
    .filter((row) => row.count > 0)
    .map((row) => ({ id: row.ticket_status, value: row.count, label: humaniseCode(row.ticket_status), color: colours[row.ticket_status] }));
  return (
    <PieChart
      height={220}
      series={[{ data, innerRadius: 50, paddingAngle: 1, cornerRadius: 3, highlightScope: { fade: 'global', highlight: 'item' } }]}
      onItemClick={(_event, item) => {
        const row = data[item.dataIndex];
        if (row) void navigate(dashboardLinks.status(row.id, since));
      }}
      hideLegend
      sx={{ '& .MuiPieChart-arc': { cursor: 'pointer' } }}
    />
  );
}

export function PriorityChart({ since, byPriority }: Pick<DashboardChartsProps, 'since' | 'byPriority'>) {
  const navigate = useNavigate();
  const { palette } = useTheme();
  return (
    <BarChart
      height={220}
      xAxis={[{ scaleType: 'band', data: byPriority.map((row) => humaniseCode(row.priority)) }]}
      yAxis={[{ tickMinStep: 1, width: 32 }]}
      series={[{ data: byPriority.map((row) => row.count), label: 'Tickets', color: palette.primary.main }]}
      hideLegend
      borderRadius={4}
      onItemClick={(_event, item) => {
        const row = byPriority[item.dataIndex ?? -1];
        if (row) void navigate(dashboardLinks.priority(row.priority, since));
      }}
      sx={{ '& .MuiBarChart-element': { cursor: 'pointer' } }}
    />
  );
}
