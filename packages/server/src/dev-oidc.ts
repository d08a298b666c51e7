/**
 * `npm run dev:oidc`: a local OpenID provider for trying "Sign in with Google" with `npm start`
 * (spec platform §13.3). Its sign-in form takes any e-mail address as the login, reported as verified; the
 * app signs in the active user with that address. Stop it with Ctrl+C.
 */
import { startLocalOidcProvider } from './test/local-oidc-provider';

const port = Number(process.env.OIDC_DEV_PORT || 9400);
const appUrl = (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 8000}`).replace(/\/+$/, '');
const callbackPath = '/api/identity/auth/oidc/callback/';
const clientId = 'ops-dev';
const clientSecret = 'ops-dev-secret';

const provider = await startLocalOidcProvider({
  port,
  clientId,
  clientSecret,
  redirectUris: [
    ...new Set([`${appUrl}${callbackPath}`, `http://localhost:8000${callbackPath}`, `http://127.0.0.1:8000${callbackPath}`]),
  ],
});

process.stdout.write(
  [
    `Local OpenID provider on ${provider.issuer} (client ${clientId}).`,
    'Start the app with it (in another terminal):',
    '',
    `  OIDC_ISSUER=${provider.issuer} OIDC_CLIENT_ID=${clientId} OIDC_CLIENT_SECRET=${clientSecret} PUBLIC_URL=${appUrl} npm start`,
    '',
    `Then open ${appUrl}/login, choose "Sign in with Google" and type the e-mail address of an active user`,
    '(any password). Ctrl+C stops the provider.',
    '',
  ].join('\n'),
);

const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
