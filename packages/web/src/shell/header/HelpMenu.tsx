import { Link as RouterLink } from 'react-router';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { useShell } from '../shell-context';
import { HeaderMenu } from './HeaderMenu';

export function HelpMenu() {
  const { openHelpDrawer } = useShell();
  return (
    <HeaderMenu label="Help and support" icon={<HelpOutlineIcon />} width={240}>
      {(close) => [
        <MenuItem key="tickets" component={RouterLink} to="/tickets" onClick={close}>
          <ListItemIcon>
            <ConfirmationNumberOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>View My Tickets</ListItemText>
        </MenuItem>,
        <MenuItem
          key="create"
          onClick={() => {
            close();
            openHelpDrawer();
          }}
        >
          <ListItemIcon>
            <AddCircleOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Create a Ticket</ListItemText>
        </MenuItem>,
      ]}
    </HeaderMenu>
  );
}
