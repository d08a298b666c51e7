import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Box, Divider, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { apiBlobUrl } from '../../api/http-client';
import { profileQuery, useCurrentUser, useSignOut, useToken } from '../../shared/session/session';
import { useShell } from '../shell-context';
import { HeaderMenu } from './HeaderMenu';

/** The profile picture as an object URL (the picture endpoint needs the Authorization header). */
export function useProfilePictureUrl(): string | null {
  const token = useToken();
  const profile = useQuery({ ...profileQuery, enabled: token !== null });
  const source = profile.data?.profile_picture ?? null;
  const version = profile.dataUpdatedAt;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!source) {
      setUrl(null);
      return;
    }
    const controller = new AbortController();
    let created: string | null = null;
    apiBlobUrl(source, controller.signal)
      .then((objectUrl) => {
        created = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [source, version]);
  return url;
}

export function UserAvatar({ size = 30, url, name }: { size?: number; url: string | null; name?: string }) {
  // Without a picture, MUI's default person image stands in.
  return <Avatar src={url ?? undefined} alt={name ?? ''} sx={{ width: size, height: size }} />;
}

export function ProfileMenu() {
  const { openSettings } = useShell();
  const user = useCurrentUser().data;
  const pictureUrl = useProfilePictureUrl();
  const signOut = useSignOut();
  // The API reference is for staff who call the API (superusers included); others have no use for it.
  const apiAccess = Boolean(user?.is_staff || user?.is_superuser);
  const fullName = user?.full_name || [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.email || '';

  return (
    <HeaderMenu label="User profile" icon={<UserAvatar url={pictureUrl} name={fullName} />} width={280}>
      {(close) => [
        <Box key="who" component="li" role="none" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.5 }}>
          <UserAvatar size={44} url={pictureUrl} name={fullName} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user?.email}
            </Typography>
          </Box>
        </Box>,
        <Divider key="divider" component="li" role="presentation" />,
        <MenuItem key="account" component={RouterLink} to="/user-accounts" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>User Account</ListItemText>
        </MenuItem>,
        <MenuItem key="security" component={RouterLink} to="/account-security" onClick={close}>
          <ListItemIcon>
            <LockOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sign-in and security</ListItemText>
        </MenuItem>,
        <MenuItem
          key="settings"
          onClick={() => {
            close();
            openSettings();
          }}
        >
          <ListItemIcon>
            <SettingsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Application Settings</ListItemText>
        </MenuItem>,
        ...(apiAccess
          ? [
              <MenuItem key="api-docs" component="a" href="/api/docs/" target="_blank" rel="noopener" onClick={close}>
                <ListItemIcon>
                  <ApiOutlinedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>API Reference</ListItemText>
              </MenuItem>,
            ]
          : []),
        <MenuItem
          key="sign-out"
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sign Out</ListItemText>
        </MenuItem>,
      ]}
    </HeaderMenu>
  );
}
