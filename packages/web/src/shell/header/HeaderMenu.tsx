import { useId, useState, type ReactNode } from 'react';
import { IconButton, Menu, Tooltip } from '@mui/material';

export interface HeaderMenuProps {
  label: string;
  icon: ReactNode;
  children: (close: () => void) => ReactNode;
  width?: number;
}

/** An icon button in the header that opens a keyboard-operable menu. */
export function HeaderMenu({ label, icon, children, width = 280 }: HeaderMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={open ? id : undefined}
          aria-expanded={open ? 'true' : 'false'}
          onClick={(event) => setAnchor(event.currentTarget)}
          size="medium"
          color="inherit"
        >
          {icon}
        </IconButton>
      </Tooltip>
      <Menu
        id={id}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width, maxWidth: 'calc(100vw - 16px)' } }, list: { 'aria-label': label } }}
      >
        {children(close)}
      </Menu>
    </>
  );
}
