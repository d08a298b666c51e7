import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createTokenRegistry, json, pageToken, startFakeServer, type FakeRequest, type RunningFake } from '../../fake-support';

/**
 * A local Admin SDK Directory API: the OAuth token endpoint checks the
 * service account's RS256 assertion against the key it issued; users.list,
 * groups.list and members.list page with nextPageToken like the real API.
 */
export interface GoogleFakeData {
  users: Record<string, unknown>[];
  groups: Record<string, unknown>[];
  members: Record<string, Record<string, unknown>[]>;
}

export interface GoogleFake extends RunningFake {
  data: GoogleFakeData;
  credentials: { type: string; client_email: string; private_key: string; token_uri: string };
  subject: string;
  env: Record<string, string>;
}

const DOMAIN = 'example-catering.com.au';
/** The audience Google's token endpoint requires in a service account's assertion. */
const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';

export async function startGoogleFake(data: GoogleFakeData, options: { port?: number } = {}): Promise<GoogleFake> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'directory-sync@ops-platform.iam.gserviceaccount.com';
  const subject = `admin@${DOMAIN}`;
  const tokens = createTokenRegistry();

  const tokenEndpoint = (request: FakeRequest) => {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return json(400, { error: 'unsupported_grant_type' });
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    if (!header || !claims || !signature) return json(400, { error: 'invalid_grant', error_description: 'Invalid JWT' });
    const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    if (!valid || body.iss !== clientEmail)
      return json(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    // Google's token endpoint takes assertions addressed to itself (the audience google-auth-library
    // signs); the fake stands in for it, so it wants the same audience.
    if (body.aud !== GOOGLE_TOKEN_AUDIENCE || Number(body.exp) < now)
      return json(400, { error: 'invalid_grant', error_description: 'Invalid JWT: audience or expiry' });
    if (body.sub !== subject)
      return json(401, {
        error: 'unauthorized_client',
        error_description: 'Client is unauthorized to retrieve access tokens using this method.',
      });
    if (!String(body.scope).includes('admin.directory.user.readonly')) return json(400, { error: 'invalid_scope' });
    return json(200, { access_token: tokens.issue(), expires_in: 3599, token_type: 'Bearer' });
  };

  const list = (request: FakeRequest, items: Record<string, unknown>[], field: string, kind: string, max: number) => {
    const size = Math.min(Number(request.url.searchParams.get('maxResults') ?? max) || max, max);
    const offset = pageToken.decode(request.url.searchParams.get('pageToken'));
    const slice = items.slice(offset, offset + size);
    return json(200, {
      kind,
      etag: '"fake-etag"',
      ...(slice.length ? { [field]: slice } : {}),
      ...(offset + size < items.length ? { nextPageToken: pageToken.encode(offset + size) } : {}),
    });
  };

  const fake = await startFakeServer({
    port: options.port,
    tokensIssued: () => tokens.count,
    isData: (r) => r.url.pathname.startsWith('/admin/'),
    handle(request) {
      const path = request.url.pathname;
      if (path === '/token' && request.method === 'POST') return tokenEndpoint(request);
      if (!tokens.valid(request.headers.authorization)) {
        return json(401, {
          error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
        });
      }
      if (path === '/admin/directory/v1/users') {
        if (request.url.searchParams.get('customer') !== 'my_customer')
          return json(400, { error: { code: 400, message: 'Bad Request' } });
        return list(request, data.users, 'users', 'admin#directory#users', 500);
      }
      if (path === '/admin/directory/v1/groups') return list(request, data.groups, 'groups', 'admin#directory#groups', 200);
      const members = /^\/admin\/directory\/v1\/groups\/([^/]+)\/members$/.exec(path);
      if (members) {
        const key = decodeURIComponent(members[1]!);
        if (!data.groups.some((g) => g.id === key || g.email === key))
          return json(404, { error: { code: 404, message: 'Resource Not Found: groupKey' } });
        return list(request, data.members[key] ?? [], 'members', 'admin#directory#members', 200);
      }
      return json(404, { error: { code: 404, message: 'Not Found' } });
    },
  });
  const credentials = {
    type: 'service_account',
    client_email: clientEmail,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: `${fake.url}/token`,
  };
  return {
    ...fake,
    data,
    credentials,
    subject,
    env: {
      GOOGLE_SYNC_CREDENTIALS_JSON: JSON.stringify(credentials),
      GOOGLE_SYNC_SUBJECT: subject,
      GOOGLE_SYNC_BASE_URL: fake.url,
    },
  };
}

/** A realistic directory of `count` users in a handful of groups. */
export function generateGoogleData(count: number, seed = 1): GoogleFakeData {
  const first = ['Olivia', 'Jack', 'Charlotte', 'William', 'Amelia', 'Noah', 'Isla', 'Oliver', 'Mia', 'Leo', 'Grace', 'Lucas'];
  const last = [
    'Smith',
    'Nguyen',
    'Williams',
    'Brown',
    'Wilson',
    'Taylor',
    'Johnson',
    'Martin',
    'Anderson',
    'Thompson',
    'Chen',
    'Kelly',
  ];
  const regions = ['NSW', 'VIC', 'QLD', 'WA', 'SA'];
  const sectors = ['Health', 'Aged Care', 'Education', 'Defence', 'Remote'];
  const users = Array.from({ length: count }, (_, i) => {
    const n = i + seed;
    const given = first[n % first.length]!;
    const family = last[(n * 7) % last.length]!;
    const site = n % 3 !== 0;
    return {
      kind: 'admin#directory#user',
      id: `1${String(100000000000000000000n + BigInt(n)).slice(1)}`,
      etag: `"u${n}"`,
      primaryEmail: `${given}.${family}.${n}@${DOMAIN}`.toLowerCase(),
      name: { givenName: given, familyName: family, fullName: `${given} ${family}` },
      suspended: false,
      orgUnitPath: site ? `/Sites/${regions[n % regions.length]}` : '/Office',
      organizations: [
        {
          title: site ? 'Chef' : 'Account Manager',
          department: site ? 'Operations' : 'Finance',
          costCenter: `CC${String(1000 + (n % 200))}`,
          primary: true,
          customType: '',
        },
      ],
      phones: [
        { value: `+61 4${String(10000000 + n).slice(-8)}`, type: 'mobile' },
        { value: `+61 2 9${String(1000000 + n).slice(-7)}`, type: 'work', primary: true },
      ],
      relations:
        n > 1
          ? [
              {
                value: `${first[(n - 1) % first.length]}.${last[((n - 1) * 7) % last.length]}.${n - 1}@${DOMAIN}`.toLowerCase(),
                type: 'manager',
              },
            ]
          : [],
      customSchemas: {
        EmployeeDetails: {
          Sector: sectors[n % sectors.length],
          Region: regions[n % regions.length],
          EmployeeType: site ? 'Site' : 'Office',
        },
      },
    };
  });
  const groups = ['all-staff', 'finance', 'operations', 'it-support'].map((name, i) => ({
    kind: 'admin#directory#group',
    id: `0${(3000 + i).toString(36)}grp${i}`,
    etag: `"g${i}"`,
    email: `${name}@${DOMAIN}`,
    name: name.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    description: `${name} mailing list`,
    adminCreated: true,
    directMembersCount: '0',
    aliases: i === 0 ? [`everyone@${DOMAIN}`] : [],
    nonEditableAliases: [`${name}@${DOMAIN}.test-google-a.com`],
  }));
  const members: GoogleFakeData['members'] = {};
  groups.forEach((group, gi) => {
    const picked = users.filter((_, ui) => (gi === 0 ? ui < 50 : ui % (gi + 2) === 0)).slice(0, 50);
    members[group.id] = picked.map((u, mi) => ({
      kind: 'admin#directory#member',
      etag: `"m${gi}-${mi}"`,
      id: u.id,
      email: u.primaryEmail,
      role: mi === 0 ? 'OWNER' : 'MEMBER',
      type: 'USER',
      status: 'ACTIVE',
      delivery_settings: 'ALL_MAIL',
    }));
    group.directMembersCount = String(picked.length);
  });
  return { users, groups, members };
}
