import { createTokenRegistry, json, startFakeServer, type FakeRequest, type RunningFake } from '../../fake-support';

/**
 * A local ADP Workforce Now: client-credentials token endpoint (HTTP Basic)
 * and /hr/v2/workers paged with $top/$skip, answering 204 past the end.
 */
export interface AdpFake extends RunningFake {
  workers: Record<string, unknown>[];
  env: Record<string, string>;
}

const CLIENT_ID = 'ops-platform';
const CLIENT_SECRET = 'fake-adp-secret';

export async function startAdpFake(workers: Record<string, unknown>[], options: { port?: number } = {}): Promise<AdpFake> {
  const tokens = createTokenRegistry();
  const fake = await startFakeServer({
    port: options.port,
    tokensIssued: () => tokens.count,
    isData: (r) => r.url.pathname.startsWith('/hr/'),
    handle(request: FakeRequest) {
      if (request.url.pathname === '/auth/oauth/v2/token' && request.method === 'POST') {
        const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (request.headers.authorization !== expected)
          return json(401, { error: 'invalid_client', error_description: 'The given client credentials were not valid' });
        if (
          request.url.searchParams.get('grant_type') !== 'client_credentials' &&
          new URLSearchParams(request.body).get('grant_type') !== 'client_credentials'
        ) {
          return json(400, { error: 'unsupported_grant_type' });
        }
        return json(200, { access_token: tokens.issue(), token_type: 'Bearer', expires_in: 3600, scope: 'api' });
      }
      if (!tokens.valid(request.headers.authorization))
        return json(401, {
          response: { responseCode: 401, methodCode: { codeValue: 'GET' }, resourceUri: { href: request.url.pathname } },
        });
      if (request.url.pathname === '/hr/v2/workers') {
        const top = Math.min(Number(request.url.searchParams.get('$top') ?? 100) || 100, 100);
        const skip = Number(request.url.searchParams.get('$skip') ?? 0) || 0;
        const page = workers.slice(skip, skip + top);
        if (!page.length) return { status: 204 };
        return json(200, { workers: page, meta: { totalNumber: workers.length } });
      }
      return json(404, {
        confirmMessage: { resourceMessages: [{ processMessages: [{ userMessage: { messageTxt: 'Not found' } }] }] },
      });
    },
  });
  return {
    ...fake,
    workers,
    env: {
      ADP_CLIENT_ID: CLIENT_ID,
      ADP_CLIENT_SECRET: CLIENT_SECRET,
      ADP_URL: fake.url,
      ADP_TOKEN_URL: `${fake.url}/auth/oauth/v2/token`,
    },
  };
}

const TITLES = ['Chef', 'Cook', 'Kitchen Hand', 'Catering Assistant', 'Site Manager', 'Cleaner', 'Barista', 'Dietitian'];
const LOCATIONS: [string, string, string][] = [
  ['RPAH', 'Royal Prince Alfred Hospital', 'NSW'],
  ['AUSTIN', 'Austin Hospital', 'VIC'],
  ['RBWH', 'Royal Brisbane Hospital', 'QLD'],
  ['FSH', 'Fiona Stanley Hospital', 'WA'],
  ['RAH', 'Royal Adelaide Hospital', 'SA'],
];

export function generateAdpWorkers(count: number): Record<string, unknown>[] {
  const given = ['Olivia', 'Jack', 'Charlotte', 'William', 'Amelia', 'Noah', 'Isla', 'Oliver', 'Mia', 'Leo'];
  const family = ['Smith', 'Nguyen', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'Martin', 'Chen', 'Kelly'];
  return Array.from({ length: count }, (_, i) => {
    const empCode = String(100001 + i);
    const [locCode, locName, state] = LOCATIONS[i % LOCATIONS.length]!;
    const g = given[i % given.length]!;
    const f = family[(i * 3) % family.length]!;
    return {
      associateOID: `G3${empCode}XYZ`,
      workerID: { idValue: empCode },
      person: {
        legalName: { givenName: g, familyName1: f, formattedName: `${f}, ${g}` },
        ...(i % 7 === 0 ? { preferredName: { givenName: g.slice(0, 3) } } : {}),
      },
      businessCommunication: {
        emails: [{ emailUri: `${g}.${f}.${empCode}@example-catering.com.au` }],
        mobiles: [{ formattedNumber: `04${String(10000000 + i).slice(-8)}` }],
      },
      workerDates: { originalHireDate: `20${String(10 + (i % 14)).padStart(2, '0')}-0${(i % 9) + 1}-15` },
      workerStatus: { statusCode: { codeValue: i % 50 === 49 ? 'Inactive' : 'Active' } },
      workAssignments: [
        {
          primaryIndicator: true,
          payrollGroupCode: i % 4 === 0 ? 'CCGH' : 'CCG',
          jobTitle: TITLES[i % TITLES.length],
          workerTypeCode: { codeValue: ['FT', 'PT', 'CAS'][i % 3], shortName: ['Full Time', 'Part Time', 'Casual'][i % 3] },
          homeWorkLocation: {
            nameCode: { codeValue: locCode, shortName: locName },
            address: { countrySubdivisionLevel1: { codeValue: state } },
          },
          homeOrganizationalUnits: [
            { typeCode: { codeValue: 'Department' }, nameCode: { codeValue: 'OPS', shortName: 'Operations' } },
            {
              typeCode: { codeValue: 'CostCenter' },
              nameCode: { codeValue: `CC${String(1 + (i % 200)).padStart(5, '0')}`, shortName: locName },
            },
          ],
          reportsTo:
            i > 0
              ? [
                  {
                    workerID: { idValue: String(100001 + Math.floor((i - 1) / 10)) },
                    reportsToWorkerName: { formattedName: 'Manager' },
                  },
                ]
              : [],
        },
      ],
      customFieldGroup: {
        stringFields: [
          {
            nameCode: { codeValue: 'USERFIELDM1', shortName: 'Position Title' },
            stringValue: i % 10 === 0 ? 'Site Manager' : TITLES[i % TITLES.length],
          },
        ],
      },
    };
  });
}
