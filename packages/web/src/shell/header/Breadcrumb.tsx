import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Box, Breadcrumbs, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { resolveRoute } from '../../shared/route-meta';
import { getIndustryName, getLegalEntityAbbr } from '../../api/records-lookup';
import { buildBreadcrumb, fitBreadcrumb, isUuid, type SpecialLabels } from './breadcrumb';

function useSpecialLabels(param: string | undefined, value: string | undefined): SpecialLabels {
  const needsAbbr = param === 'abbrId' && value !== undefined && isUuid(value);
  const abbr = useQuery({
    queryKey: ['base', 'legal-entities', 'abbr', value],
    queryFn: ({ signal }) => getLegalEntityAbbr(value!, signal),
    enabled: needsAbbr,
    staleTime: 5 * 60_000,
  });
  const industry = useQuery({
    queryKey: ['base', 'industries', 'name', value],
    queryFn: ({ signal }) => getIndustryName(value!, signal),
    enabled: param === 'industryId' && value !== undefined,
    staleTime: 5 * 60_000,
  });
  if (param === 'abbrId' && value) return { abbrId: needsAbbr ? (abbr.data ?? undefined) : value };
  if (param === 'industryId') return { industryId: industry.data ?? undefined };
  return {};
}

export function Breadcrumb({ width }: { width: number | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const route = resolveRoute(location.pathname, location.search);
  const param = route?.meta.detailParam && route.isDetail ? route.meta.detailParam : undefined;
  const special = useSpecialLabels(param, param ? route?.params[param] : undefined);
  const all = buildBreadcrumb(route, special);
  if (all.length === 0) return null;
  // On narrow headers plain section names go first, then (on a phone) the page's crumb beside a
  // back button; the back button (where to go) is the last to be shortened.
  const crumbs = fitBreadcrumb(all, width);

  return (
    <Box sx={{ width, minWidth: 0, overflow: 'hidden', flexShrink: 1 }}>
      <Breadcrumbs
        aria-label="Breadcrumb"
        maxItems={8}
        sx={{ fontSize: 14, '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' }, '& .MuiBreadcrumbs-li': { minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden' }, '& .MuiBreadcrumbs-separator': { mx: 0.75 }, '& .MuiBreadcrumbs-li:last-of-type': { flexShrink: 0 }, '& .MuiBreadcrumbs-li:has(> button)': { flexShrink: 0 }, '& .MuiBreadcrumbs-li:has(> button) ~ .MuiBreadcrumbs-li:last-of-type': { flexShrink: 1 } }}
      >
        {crumbs.map((crumb, index) => {
          if (crumb.kind === 'back') {
            return (
              <Button
                key={index}
                size="small"
                startIcon={<ArrowBackIcon fontSize="small" />}
                onClick={() => navigate(crumb.to)}
                sx={{ fontSize: 14, py: 0, minWidth: 0, maxWidth: '100%', fontWeight: 500 }}
              >
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {crumb.label}
                </Box>
              </Button>
            );
          }
          return (
            <Typography
              key={index}
              component="span"
              aria-current={crumb.kind === 'current' ? 'page' : undefined}
              sx={{ fontSize: 14, color: crumb.kind === 'current' ? 'text.primary' : 'text.secondary', fontWeight: crumb.kind === 'current' ? 600 : 400, overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' }}
            >
              {crumb.label}
            </Typography>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
