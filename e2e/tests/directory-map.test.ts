import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiToken, createUser, env, launchBrowser, newContext, signIn, watchFailures, type TestUser } from '../fixtures/app';

let browser: Browser;
let viewer: TestUser;
let run: string;
/** A second search word for the Pacific clients, so the first test's count stays three. */
let pacific: string;
const clientIds: Record<string, string> = {};
let costCentreId: string;

interface Place {
  name: string;
  locality: string;
  state: string;
  lat: number;
  lng: number;
}

// Two neighbours in Sydney cluster together at the zoom that fits Perth too.
const PLACES: Place[] = [
  { name: 'Harbour Kitchen', locality: 'Sydney', state: 'NSW', lat: -33.8688, lng: 151.2093 },
  { name: 'Quay Canteen', locality: 'Sydney', state: 'NSW', lat: -33.8611, lng: 151.2108 },
  { name: 'Swan Café', locality: 'Perth', state: 'WA', lat: -31.9523, lng: 115.8613 },
];

// Either side of the antimeridian: Suva is west of it, Apia east.
const PACIFIC: Place[] = [
  { name: 'Suva Galley', locality: 'Suva', state: 'NSW', lat: -18.1416, lng: 178.4419 },
  { name: 'Apia Kiosk', locality: 'Apia', state: 'NSW', lat: -13.8333, lng: -171.7667 },
];

const address = (place: Place) => ({
  address_name: 'Main site',
  purpose: 'BUSINESS',
  street_address: '1 Test Street',
  locality: place.locality,
  state: place.state,
  postal_code: '2000',
  country: 'Australia',
  latitude: place.lat,
  longitude: place.lng,
});

beforeAll(async () => {
  browser = await launchBrowser();
  run = randomBytes(3).toString('hex');
  pacific = `p${randomBytes(3).toString('hex')}`;
  const admin = await apiToken(env().admin);
  const me = await api<{ id: string }>(admin, 'GET', '/api/identity/user/');
  const entity = await api<{ id: string }>(admin, 'POST', '/api/base/legal-entities/', { name: `Map Foods ${run}` });
  expect(entity.status).toBe(201);
  const places = [...PLACES.map((place) => ({ place, word: run })), ...PACIFIC.map((place) => ({ place, word: pacific }))];
  for (const [index, { place, word }] of places.entries()) {
    const created = await api<{ id: string }>(admin, 'POST', '/api/accounts/clients/', {
      name: `${place.name} ${word}`,
      account_number: `MAP-${word}-${index}`,
      owner: me.body.id,
      legal_entity: entity.body.id,
      address: address(place),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    clientIds[place.name] = created.body.id;
  }
  const costCentre = await api<{ id: string }>(admin, 'POST', '/api/operations/cost-centres/', {
    code: `M${run}`.slice(0, 10),
    name: `Harbour Site ${run}`,
    email: 'site@example.com',
    legal_entity: entity.body.id,
    client: clientIds['Harbour Kitchen'],
  });
  expect(costCentre.status, JSON.stringify(costCentre.body)).toBe(201);
  costCentreId = costCentre.body.id;
  const added = await api(admin, 'POST', `/api/operations/cost-centres/${costCentreId}/addresses/`, address(PLACES[0]!));
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  viewer = await createUser({ userType: 2, firstName: 'Mia', lastName: 'Mapper' });
});
afterAll(async () => browser?.close());

describe('directory maps', () => {
  it('opens a client from a cluster, its marker and popup, with the search shared with the list view', async () => {
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, viewer, '/directory/clients?view=map');
    await page.getByRole('heading', { level: 1, name: 'Clients Map' }).waitFor();
    await page.getByLabel('Search clients').fill(run);
    await page.getByRole('status').filter({ hasText: '3 clients with a location' }).waitFor();
    // The search is the list view's too: the link to it carries it, and so does the saved view.
    await expect.poll(() => page.getByRole('link', { name: 'List view' }).getAttribute('href')).toContain(`search=${run}`);

    // One click: a cluster button drawn from the markers before the search (the Sydney pair
    // clusters there too, under another id) is never shown once the searched markers are in.
    // Those are in once Swan Café (alone in Perth) has its marker and one Sydney cluster is left:
    // in the whole suite other files' Sydney clients cluster there before the search, and a click
    // on that cluster as it went zoomed somewhere else (CI failed once here, waiting for the marker).
    await page.getByRole('button', { name: `Swan Café ${run}` }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /clients here: zoom in$/ }).count()).toBe(1);
    await page.getByRole('button', { name: '2 clients here: zoom in' }).click();
    const marker = page.getByRole('button', { name: `Quay Canteen ${run}` });
    await marker.waitFor();
    await page.getByRole('button', { name: `Swan Café ${run}` }).waitFor({ state: 'detached' });
    await marker.click();
    const popup = page.getByRole('group', { name: `Quay Canteen ${run}` });
    await popup.getByText(`MAP-${run}-1`).waitFor();
    await popup.getByText('NSW', { exact: true }).waitFor();
    await popup.getByRole('link', { name: `Quay Canteen ${run}` }).click();
    await page.waitForURL(`**/clients/${clientIds['Quay Canteen']}`);

    await page.goto('/directory/clients?view=list');
    await page.getByRole('link', { name: `Swan Café ${run}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe(run);
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('the toolbar shows every marker without clusters, fits the view to them again and links to the list', async () => {
    const page = await (await newContext(browser)).newPage();
    const failures = watchFailures(page);
    await signIn(page, viewer, '/directory/clients?view=map');
    await page.getByLabel('Search clients').fill(run);
    await page.getByRole('status').filter({ hasText: '3 clients with a location' }).waitFor();
    const toolbar = page.getByRole('toolbar', { name: 'Map' });
    await page.getByRole('button', { name: '2 clients here: zoom in' }).click();
    await page.getByRole('button', { name: `Swan Café ${run}` }).waitFor({ state: 'detached' });
    await toolbar.getByRole('button', { name: 'Fit to clients' }).click();
    await page.getByRole('button', { name: `Swan Café ${run}` }).waitFor();
    await page.getByRole('button', { name: '2 clients here: zoom in' }).waitFor();
    // Without clusters the two Sydney neighbours are markers of their own at the same zoom.
    const grouping = toolbar.getByRole('button', { name: 'Group nearby markers' });
    expect(await grouping.getAttribute('aria-pressed')).toBe('true');
    await grouping.click();
    await page.getByRole('button', { name: `Quay Canteen ${run}` }).waitFor();
    await page.getByRole('button', { name: `Harbour Kitchen ${run}` }).waitFor();
    expect(await page.getByRole('button', { name: /clients here: zoom in/ }).count()).toBe(0);
    // No online style is configured here: no basemap switch.
    expect(await toolbar.getByRole('group', { name: 'Basemap' }).count()).toBe(0);
    await toolbar.getByRole('link', { name: 'List view' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list' && url.searchParams.get('search') === run);
    await page.getByRole('link', { name: `Quay Canteen ${run}` }).waitFor();
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('fits markers either side of the antimeridian the short way, across it', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, viewer, '/directory/clients?view=map');
    await page.getByLabel('Search clients').fill(pacific);
    await page.getByRole('status').filter({ hasText: '2 clients with a location' }).waitFor();
    const suva = await page.getByRole('button', { name: `Suva Galley ${pacific}` }).boundingBox();
    const apia = await page.getByRole('button', { name: `Apia Kiosk ${pacific}` }).boundingBox();
    // Fitted across the whole world instead, Apia (-171.8) would be at the far left and Suva (178.4) at the far right.
    expect(suva!.x).toBeLessThan(apia!.x);
    // Apia is north of Suva.
    expect(apia!.y).toBeLessThan(suva!.y);
    await page.context().close();
  });

  it('pans the view so that a marker popup opened near the top of the map fits inside it', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, viewer, '/directory/clients?view=map');
    await page.getByLabel('Search clients').fill(pacific);
    await page.getByRole('status').filter({ hasText: '2 clients with a location' }).waitFor();
    // Fitted to Suva and Apia, Apia (the northern one) sits about a hundred pixels below the map's
    // top edge: its popup, opening upwards, is taller than that.
    const marker = page.getByRole('button', { name: `Apia Kiosk ${pacific}` });
    const map = (await page.locator('.maplibregl-map').boundingBox())!;
    expect((await marker.boundingBox())!.y - map.y).toBeLessThan(200);
    await marker.click();
    await page.getByRole('group', { name: `Apia Kiosk ${pacific}` }).getByText(`MAP-${pacific}-4`).waitFor();
    const popup = page.locator('.maplibregl-popup-content');
    await expect
      .poll(async () => {
        const box = (await popup.boundingBox())!;
        return box.y >= map.y && box.x >= map.x && box.y + box.height <= map.y + map.height && box.x + box.width <= map.x + map.width;
      })
      .toBe(true);
    await page.context().close();
  });

  it('says when nothing matches', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, viewer, '/directory/clients?view=map');
    await page.getByLabel('Search clients').fill(`nothing-${run}`);
    await page.getByRole('note').filter({ hasText: 'No clients to show' }).waitFor();
    expect(await page.getByRole('toolbar', { name: 'Map' }).getByRole('button', { name: 'Fit to clients' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('shows cost centres and opens one from its popup; the basemap is served by the app', async () => {
    const page = await (await newContext(browser)).newPage();
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(env().baseUrl) && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) external.push(request.url());
    });
    await signIn(page, viewer, '/directory/cost-center?view=map');
    await page.getByLabel('Search cost centres').fill(run);
    await page.getByRole('status').filter({ hasText: '1 cost centre with a location' }).waitFor();
    await page.getByRole('button', { name: `Harbour Site ${run}` }).click();
    await page.getByRole('group', { name: `Harbour Site ${run}` }).getByRole('link', { name: 'Open record' }).click();
    await page.waitForURL(`**/cost-center/${costCentreId}`);
    expect(external).toEqual([]);
    await page.context().close();
  });
});
