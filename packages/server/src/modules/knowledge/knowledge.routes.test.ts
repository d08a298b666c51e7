import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, multipart, richText, SAMPLE_FILES, type UploadFile } from '../../test/factories/helpdesk';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { runArticleReview } from './knowledge-review';
import { sweepKnowledgeImages } from './knowledge-image-sweep';
import { createLocalStorage } from '../../platform/storage';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let corporate: TestUser;
let siteIn: TestUser;
let siteOut: TestUser;
let employee: TestUser;
let guest: TestUser;
let place: { le: string; client: string; siteA: string; siteB: string; otherLe: string; otherClient: string; siteC: string };

const base = '/api/knowledge';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  process.env.KNOWLEDGE_REVIEW_CRON = 'off';
  // A small upload limit, so that an image over it is a small file.
  t = await createTestApp({ maxUploadBytes: 64 * 1024 });
  admin = await insertUser(t, { superuser: true });
  // The Admin group holds the knowledge permissions (every new model's go to it).
  editor = await insertUser(t, { userType: 1, firstName: 'Eda', lastName: 'Editor' });
  corporate = await insertUser(t, { userType: 2, firstName: 'Cora', lastName: 'Corporate' });
  siteIn = await insertUser(t, { userType: 5, firstName: 'Sid', lastName: 'Inside' });
  siteOut = await insertUser(t, { userType: 5, firstName: 'Sam', lastName: 'Outside' });
  employee = await insertUser(t, { userType: 6, firstName: 'Emma', lastName: 'Employee' });
  guest = await insertUser(t, { userType: 7, firstName: 'Gus', lastName: 'Guest' });
  const le = await insertLegalEntity(t, admin.token);
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  const siteA = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  const siteB = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  const otherLe = await insertLegalEntity(t, admin.token);
  const otherClient = await insertClient(t, admin.token, { owner: admin.id, legal_entity: otherLe.id });
  const siteC = await insertCostCentre(t, admin.token, { client: otherClient.id, legal_entity: otherLe.id });
  place = { le: le.id, client: client.id, siteA: siteA.id, siteB: siteB.id, otherLe: otherLe.id, otherClient: otherClient.id, siteC: siteC.id };
  await allocate(t, siteIn.id, { costCentreId: siteA.id });
  await allocate(t, siteOut.id, { costCentreId: siteC.id });
});
afterAll(() => t.close());

const audience = (overrides: Json = {}) => ({ user_types: [], legal_entities: [], clients: [], cost_centres: [], ...overrides });

async function createArticle(payload: Json, user: TestUser = editor): Promise<Json> {
  const response = await t.request({ method: 'POST', url: `${base}/articles/`, token: user.token, payload: { body: richText('Text'), ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const get = (user: TestUser, url: string) => t.request({ method: 'GET', url, token: user.token });
const ids = async (user: TestUser, url: string) => ((await get(user, url)).json().results as Json[]).map((r) => r.id);
const suggest = async (user: TestUser, q: string, extra = '') =>
  ((await get(user, `${base}/suggest/?q=${encodeURIComponent(q)}${extra}`)).json().results as Json[]).map((r) => r.id);
const searchArticles = async (user: TestUser, q: string) =>
  ((await get(user, `/api/search/?q=${encodeURIComponent(q)}`)).json().results as Json[]).filter((r) => r.type === 'article').map((r) => r.id);
const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

describe('knowledge categories', () => {
  it('full CRUD for holders of the permissions; any signed-in user reads them', async () => {
    const created = await t.request({ method: 'POST', url: `${base}/categories/`, token: editor.token, payload: { name: 'Kitchen', position: 2 } });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ name: 'Kitchen', position: 2 });
    expect((await get(employee, `${base}/categories/${category.id}/`)).json()).toEqual(category);
    expect(await ids(guest, `${base}/categories/?search=kitch`)).toContain(category.id);
    const put = await t.request({ method: 'PUT', url: `${base}/categories/${category.id}/`, token: editor.token, payload: { name: 'Kitchens' } });
    expect(put.json()).toMatchObject({ name: 'Kitchens', position: 0 });
    const patch = await t.request({ method: 'PATCH', url: `${base}/categories/${category.id}/`, token: editor.token, payload: { position: 5 } });
    expect(patch.json()).toMatchObject({ name: 'Kitchens', position: 5 });
    expect((await t.request({ method: 'DELETE', url: `${base}/categories/${category.id}/`, token: editor.token })).statusCode).toBe(204);
    expect((await get(editor, `${base}/categories/${category.id}/`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field, 403 without the permission, 401 signed out', async () => {
    const before = await count('knowledge_category');
    for (const [payload, field] of [
      [{}, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'ok', position: 'first' }, 'position'],
      [{ name: 'ok', position: -1 }, 'position'],
    ] as const) {
      const response = await t.request({ method: 'POST', url: `${base}/categories/`, token: editor.token, payload });
      expect({ field, status: response.statusCode, keys: Object.keys(response.json()) }).toEqual({ field, status: 400, keys: [field] });
    }
    expect((await t.request({ method: 'POST', url: `${base}/categories/`, token: corporate.token, payload: { name: 'No' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${base}/categories/` })).statusCode).toBe(401);
    expect(await count('knowledge_category')).toBe(before);
    const category = (await t.request({ method: 'POST', url: `${base}/categories/`, token: admin.token, payload: { name: 'Kept' } })).json();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.request({ method, url: `${base}/categories/${category.id}/`, token: siteIn.token, payload: method === 'DELETE' ? undefined : { name: 'Taken' } });
      expect({ method, status: response.statusCode }).toEqual({ method, status: 403 });
    }
  });
});

describe('knowledge articles', () => {
  it('creates, reads, changes and deletes an article with exactly the pinned fields', async () => {
    const category = (await t.request({ method: 'POST', url: `${base}/categories/`, token: editor.token, payload: { name: 'Deliveries' } })).json();
    const article = await createArticle({
      title: 'Logging a delivery',
      body: richText('Count the boxes, sign the docket.'),
      category: category.id,
      status: 'PUBLISHED',
      audience: audience({ user_types: [5, 4], cost_centres: [place.siteA] }),
      review_by: '2030-01-31',
      acknowledgement_required: true,
    });
    expect(Object.keys(article).sort()).toEqual(
      ['acknowledgement_required', 'audience', 'body', 'category', 'id', 'published_at', 'review_by', 'status', 'tickets_avoided', 'title', 'updated_at', 'updated_by', 'version'].sort(),
    );
    expect(article).toMatchObject({
      title: 'Logging a delivery',
      category: { id: category.id, name: 'Deliveries' },
      status: 'PUBLISHED',
      audience: { user_types: [4, 5], legal_entities: [], clients: [], cost_centres: [place.siteA] },
      review_by: '2030-01-31',
      acknowledgement_required: true,
      version: 1,
      updated_by: { id: editor.id, full_name: 'Eda Editor' },
    });
    expect(article.published_at).toEqual(expect.any(String));
    const detail = await get(editor, `${base}/articles/${article.id}/`);
    expect(detail.json()).toEqual(article);
    expect(detail.headers.etag).toMatch(/^"knowledge_article-/);
    expect(await ids(editor, `${base}/articles/?filters=${encodeURIComponent(JSON.stringify({ category: category.id }))}`)).toEqual([article.id]);
    expect(await ids(editor, `${base}/articles/?search=logging&ordering=-updated_at`)).toContain(article.id);
    expect((await get(editor, `${base}/articles/?ordering=nonsense`)).statusCode).toBe(400);
    // Deleting the category leaves the article without one.
    await t.request({ method: 'DELETE', url: `${base}/categories/${category.id}/`, token: editor.token });
    expect((await get(editor, `${base}/articles/${article.id}/`)).json().category).toBeNull();
    expect((await t.request({ method: 'DELETE', url: `${base}/articles/${article.id}/`, token: editor.token })).statusCode).toBe(204);
    expect((await get(editor, `${base}/articles/${article.id}/`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field (the body must be a document, the audience must name records) and stores nothing', async () => {
    const before = await count('knowledge_article');
    const versionsBefore = await count('knowledge_article_version');
    const missing = '01890000-0000-7000-8000-000000000000';
    for (const [payload, field] of [
      [{ body: richText('x') }, 'title'],
      [{ title: ' ', body: richText('x') }, 'title'],
      [{ title: 'x'.repeat(201), body: richText('x') }, 'title'],
      [{ title: 'ok' }, 'body'],
      [{ title: 'ok', body: 'text' }, 'body'],
      [{ title: 'ok', body: { hello: 'world' } }, 'body'],
      [{ title: 'ok', body: richText('x'), status: 'LIVE' }, 'status'],
      [{ title: 'ok', body: richText('x'), review_by: '31/01/2030' }, 'review_by'],
      [{ title: 'ok', body: richText('x'), acknowledgement_required: 'yes' }, 'acknowledgement_required'],
      [{ title: 'ok', body: richText('x'), category: missing }, 'category'],
      [{ title: 'ok', body: richText('x'), audience: audience({ user_types: [9] }) }, 'audience'],
      [{ title: 'ok', body: richText('x'), audience: audience({ clients: [missing] }) }, 'audience'],
      [{ title: 'ok', body: richText('x'), audience: audience({ cost_centres: ['nope'] }) }, 'audience'],
    ] as const) {
      const response = await t.request({ method: 'POST', url: `${base}/articles/`, token: editor.token, payload });
      expect({ field, status: response.statusCode, keys: Object.keys(response.json()) }, response.body).toEqual({ field, status: 400, keys: [field] });
    }
    const named = await t.request({
      method: 'POST',
      url: `${base}/articles/`,
      token: editor.token,
      payload: { title: 'ok', body: richText('x'), audience: audience({ clients: [missing], legal_entities: [place.le] }) },
    });
    expect(named.json()).toEqual({ audience: { clients: [`Invalid pk "${missing}" - object does not exist.`] } });
    expect(await count('knowledge_article')).toBe(before);
    expect(await count('knowledge_article_version')).toBe(versionsBefore);
    // A refused change leaves the article as it was.
    const article = await createArticle({ title: 'Unchanged' });
    const refused = await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { title: 'New', audience: audience({ cost_centres: [missing] }) } });
    expect(refused.statusCode).toBe(400);
    expect((await get(editor, `${base}/articles/${article.id}/`)).json()).toEqual(article);
  });

  it('refuses writes, versions and acknowledgement lists to users without the article permissions', async () => {
    const article = await createArticle({ title: 'Permission test', status: 'PUBLISHED' });
    expect((await t.request({ method: 'GET', url: `${base}/articles/` })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: `${base}/articles/`, token: corporate.token, payload: { title: 'x', body: richText('x') } })).statusCode).toBe(403);
    for (const [method, url] of [
      ['PUT', `${base}/articles/${article.id}/`],
      ['PATCH', `${base}/articles/${article.id}/`],
      ['DELETE', `${base}/articles/${article.id}/`],
      ['GET', `${base}/articles/${article.id}/versions/`],
      ['POST', `${base}/articles/${article.id}/versions/1/restore/`],
      ['GET', `${base}/articles/${article.id}/acknowledgements/`],
    ] as const) {
      const response = await t.request({ method, url, token: corporate.token, payload: method === 'PUT' || method === 'PATCH' ? { title: 'x', body: richText('x') } : undefined });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
    }
    // A granted permission opens the door.
    const granted = await insertUser(t, { userType: 2 });
    await grant(t, granted.email, 'article.change');
    expect((await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: granted.token, payload: { title: 'Granted' } })).statusCode).toBe(200);
  });

  it('makes every saved change of title or body a version; a restore is a new version; a missing version is 404', async () => {
    const article = await createArticle({ title: 'First title', body: richText('first body') });
    const patch = (payload: Json) => t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload });
    expect((await patch({ title: 'Second title' })).json().version).toBe(2);
    // Status, audience and the same body again are no new version.
    expect((await patch({ status: 'PUBLISHED', body: richText('first body') })).json().version).toBe(2);
    expect((await patch({ body: richText('third body') })).json().version).toBe(3);
    const versions = (await get(editor, `${base}/articles/${article.id}/versions/`)).json() as Json[];
    expect(versions.map((v) => [v.version, v.title, v.edited_by.id])).toEqual([
      [3, 'Second title', editor.id],
      [2, 'Second title', editor.id],
      [1, 'First title', editor.id],
    ]);
    expect(versions[0]!.body).toEqual(richText('third body'));
    const restored = await t.request({ method: 'POST', url: `${base}/articles/${article.id}/versions/1/restore/`, token: admin.token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'First title', body: richText('first body'), version: 4, updated_by: { id: admin.id } });
    const missing = await t.request({ method: 'POST', url: `${base}/articles/${article.id}/versions/9/restore/`, token: editor.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toMatch(/Version 9/);
    expect((await get(editor, `${base}/articles/${article.id}/`)).json().version).toBe(4);
    expect((await get(editor, `${base}/articles/${article.id}/versions/`)).json()).toHaveLength(4);
  });

  it('answers an ETag and honours If-Match (412 with the article as it is now)', async () => {
    const article = await createArticle({ title: 'Tagged' });
    const first = await get(editor, `${base}/articles/${article.id}/`);
    const tag = first.headers.etag as string;
    const changed = await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { status: 'PUBLISHED' }, headers: { 'if-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    const stale = await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { title: 'Lost' }, headers: { 'if-match': tag } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ detail: 'This record was changed by someone else.', current: { title: 'Tagged', status: 'PUBLISHED' } });
    expect((await t.request({ method: 'DELETE', url: `${base}/articles/${article.id}/`, token: editor.token, headers: { 'if-match': tag } })).statusCode).toBe(412);
    expect((await get(editor, `${base}/articles/${article.id}/`)).json().title).toBe('Tagged');
    expect((await t.request({ method: 'DELETE', url: `${base}/articles/${article.id}/`, token: editor.token, headers: { 'if-match': changed.headers.etag as string } })).statusCode).toBe(204);
  });
});

describe('who reads which article', () => {
  it('shows a published article only to its audience: detail, list, suggestions and search everything', async () => {
    const forSite = await createArticle({ title: 'Coolroom zanzibar procedure', body: richText('Check the coolroom thermometer twice.'), status: 'PUBLISHED', audience: audience({ cost_centres: [place.siteA] }) });
    const forClient = await createArticle({ title: 'Client zanzibar allergens', status: 'PUBLISHED', audience: audience({ clients: [place.client] }) });
    const forOtherLe = await createArticle({ title: 'Other zanzibar entity', status: 'PUBLISHED', audience: audience({ legal_entities: [place.otherLe] }) });
    const forEmployees = await createArticle({ title: 'Employee zanzibar payslips', status: 'PUBLISHED', audience: audience({ user_types: [6] }) });
    const everyone = await createArticle({ title: 'Everyone zanzibar welcome', status: 'PUBLISHED' });
    const draft = await createArticle({ title: 'Draft zanzibar notes' });
    const archived = await createArticle({ title: 'Archived zanzibar notes', status: 'ARCHIVED' });

    const visible = async (user: TestUser) => (await ids(user, `${base}/articles/?search=zanzibar&limit=100`)).sort();
    expect(await visible(siteIn)).toEqual([forSite.id, forClient.id, everyone.id].sort());
    expect(await visible(siteOut)).toEqual([forOtherLe.id, everyone.id].sort());
    expect(await visible(employee)).toEqual([forEmployees.id, everyone.id].sort());
    expect(await visible(guest)).toEqual([everyone.id]);
    expect(await visible(editor)).toEqual([forSite.id, forClient.id, forOtherLe.id, forEmployees.id, everyone.id, draft.id, archived.id].sort());

    for (const hidden of [forSite, forClient, forEmployees, draft, archived]) {
      expect((await get(siteOut, `${base}/articles/${hidden.id}/`)).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `${base}/articles/${hidden.id}/acknowledge/`, token: siteOut.token })).statusCode).toBe(404);
    }
    expect((await get(siteIn, `${base}/articles/${forSite.id}/`)).statusCode).toBe(200);
    expect((await get(corporate, `${base}/articles/${draft.id}/`)).statusCode).toBe(404);

    expect(await suggest(siteIn, 'coolroom thermometer')).toEqual([forSite.id]);
    expect(await suggest(siteOut, 'coolroom thermometer')).toEqual([]);
    expect(await searchArticles(siteIn, 'coolroom')).toEqual([forSite.id]);
    expect(await searchArticles(siteOut, 'coolroom')).toEqual([]);
    expect((await searchArticles(siteOut, 'zanzibar')).sort()).toEqual([forOtherLe.id, everyone.id].sort());
    expect(await searchArticles(siteOut, 'draft zanzibar')).toEqual([]);
    expect(await searchArticles(editor, 'draft zanzibar')).toContain(draft.id);
    // Suggestions are of published articles only, even for editors, and at a site only of that site's.
    expect(await suggest(editor, 'draft zanzibar notes')).not.toContain(draft.id);
    const atSiteC = await suggest(editor, 'zanzibar', `&cost_centre=${place.siteC}`);
    expect(atSiteC).toContain(forOtherLe.id);
    expect(atSiteC).not.toContain(forSite.id);
    expect(atSiteC).not.toContain(forClient.id);
  });

  it('reaches a site user through an allocation of the legal entity above the site', async () => {
    const leUser = await insertUser(t, { userType: 4 });
    await allocate(t, leUser.id, { legalEntityId: place.le });
    const article = await createArticle({ title: 'Inherited quokka', status: 'PUBLISHED', audience: audience({ cost_centres: [place.siteB] }) });
    expect((await get(leUser, `${base}/articles/${article.id}/`)).statusCode).toBe(200);
    expect((await get(siteIn, `${base}/articles/${article.id}/`)).statusCode).toBe(404);
  });
});

describe('who reads which article down the client tree', () => {
  it('reaches through a parent client to its sub-client and the sub-client\'s site, and through a legal entity above a parent client; not upwards', async () => {
    // Parent client P (legal entity lp) with sub-client S of another legal entity (ls), and a site of S.
    const lp = await insertLegalEntity(t, admin.token);
    const ls = await insertLegalEntity(t, admin.token);
    const parent = await insertClient(t, admin.token, { owner: admin.id, legal_entity: lp.id });
    const sub = await insertClient(t, admin.token, { owner: admin.id, legal_entity: ls.id, parent: parent.id });
    const siteS = await insertCostCentre(t, admin.token, { client: sub.id, legal_entity: ls.id });
    const person = async (userType: number, target: Parameters<typeof allocate>[2]) => {
      const user = await insertUser(t, { userType });
      await allocate(t, user.id, target);
      return user;
    };
    const ofParent = await person(4, { clientId: parent.id });
    const ofEntity = await person(4, { legalEntityId: lp.id });
    const ofSub = await person(4, { clientId: sub.id });
    const atSite = await person(5, { costCentreId: siteS.id });

    const article = (title: string, places: Json) =>
      createArticle({ title: `Wombatz ${title}`, status: 'PUBLISHED', acknowledgement_required: true, audience: audience(places) });
    const forSite = await article('site of the sub-client', { cost_centres: [siteS.id] });
    const forSub = await article('sub-client', { clients: [sub.id] });
    const forParent = await article('parent client', { clients: [parent.id] });
    const forLp = await article('legal entity of the parent', { legal_entities: [lp.id] });
    const forLs = await article('legal entity of the sub-client', { legal_entities: [ls.id] });

    const all = [forSite, forSub, forParent, forLp, forLs];
    const visible = async (user: TestUser) => (await ids(user, `${base}/articles/?search=wombatz&limit=100`)).sort();
    const expected = new Map<TestUser, Json[]>([
      // An allocated client reaches its sub-clients and their sites, and its own legal entity (not the sub-client's).
      [ofParent, [forSite, forSub, forParent, forLp]],
      // An allocated legal entity reaches the clients under it and theirs: the sub-client of another legal entity under its parent too.
      [ofEntity, [forSite, forSub, forParent, forLp]],
      // Nothing reaches upwards: not the parent client nor its legal entity.
      [ofSub, [forSite, forSub, forLs]],
      [atSite, [forSite, forSub, forLs]],
    ]);
    for (const [user, articles] of expected) {
      expect(await visible(user)).toEqual(articles.map((a) => a.id).sort());
      for (const hidden of all.filter((a) => !articles.includes(a)))
        expect((await get(user, `${base}/articles/${hidden.id}/`)).statusCode).toBe(404);
      expect((await get(user, `${base}/articles/${articles[0]!.id}/`)).statusCode).toBe(200);
      expect((await suggest(user, 'wombatz')).sort()).toEqual(articles.map((a) => a.id).sort());
      // Waiting for their acknowledgement: the same articles.
      const waiting = await ids(user, `${base}/acknowledgements/pending/?limit=100`);
      expect(waiting.filter((id) => all.some((a) => a.id === id)).sort()).toEqual(articles.map((a) => a.id).sort());
    }
    // The editor's lists of who has yet to acknowledge agree.
    const pending = async (a: Json) => ((await get(editor, `${base}/articles/${a.id}/acknowledgements/`)).json().pending as Json[]).map((p) => p.user.id);
    for (const a of all) {
      const people = await pending(a);
      for (const [user, articles] of expected) expect(people.includes(user.id), `${a.title} pending for ${user.id}`).toBe(articles.includes(a));
    }
  });
});

describe('acknowledgements', () => {
  it('records them, lists acknowledged and pending over the audience, and asks again for a new published version', async () => {
    const colleague = await insertUser(t, { userType: 5 });
    await allocate(t, colleague.id, { costCentreId: place.siteA });
    const article = await createArticle({ title: 'Allergen procedure', status: 'PUBLISHED', acknowledgement_required: true, audience: audience({ cost_centres: [place.siteA] }) });
    const pendingOf = (user: TestUser) => ids(user, `${base}/acknowledgements/pending/`);
    expect(await pendingOf(siteIn)).toContain(article.id);
    expect(await pendingOf(siteOut)).not.toContain(article.id);
    const ack = await t.request({ method: 'POST', url: `${base}/articles/${article.id}/acknowledge/`, token: siteIn.token });
    expect(ack.statusCode, ack.body).toBe(201);
    expect(ack.json()).toMatchObject({ user: { id: siteIn.id, full_name: 'Sid Inside' }, version: 1 });
    expect(await pendingOf(siteIn)).not.toContain(article.id);

    const list = async () => (await get(editor, `${base}/articles/${article.id}/acknowledgements/`)).json();
    const first = await list();
    expect(first.version).toBe(1);
    expect(first.acknowledged.map((a: Json) => a.user.id)).toEqual([siteIn.id]);
    const pendingIds = first.pending.map((p: Json) => p.user.id);
    // The audience is the site's people: a colleague there is pending; no one outside it is listed.
    expect(pendingIds).toContain(colleague.id);
    expect(pendingIds).not.toContain(admin.id);
    expect(pendingIds).not.toContain(siteIn.id);
    expect(pendingIds).not.toContain(siteOut.id);

    // A new published version asks everyone again.
    await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { body: richText('Also check sesame.') } });
    expect(await pendingOf(siteIn)).toContain(article.id);
    const second = await list();
    expect(second.version).toBe(2);
    expect(second.acknowledged).toEqual([]);
    expect(second.pending.map((p: Json) => p.user.id)).toContain(siteIn.id);
    expect((await t.request({ method: 'POST', url: `${base}/articles/${article.id}/acknowledge/`, token: siteIn.token })).json().version).toBe(2);
    expect(await pendingOf(siteIn)).not.toContain(article.id);
  });
});

describe('suggestions', () => {
  it('tolerates typos, matches the body too, and answers at most five', async () => {
    const dishwasher = await createArticle({ title: 'Dishwasher breakdown', body: richText('Call the contractor Hobartservice and log a ticket.'), status: 'PUBLISHED' });
    expect(await suggest(employee, 'dishwahser not working')).toContain(dishwasher.id);
    expect(await suggest(employee, 'dishwsher')).toContain(dishwasher.id);
    expect(await suggest(employee, 'hobartservise')).toContain(dishwasher.id);
    expect(await suggest(employee, '')).toEqual([]);
    for (let i = 0; i < 7; i++) await createArticle({ title: `Pelmeni recipe ${i}`, status: 'PUBLISHED' });
    expect(await suggest(employee, 'pelmeni')).toHaveLength(5);
    expect((await get(employee, `${base}/suggest/?q=x&cost_centre=nope`)).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${base}/suggest/?q=dishwasher` })).statusCode).toBe(401);
  });
  it('matches a title on its rarer words: a common word such as "not" does not outrank the article about the rare word', async () => {
    for (let i = 0; i < 6; i++) await createArticle({ title: `Do not do this ${i}: not here, not now`, status: 'PUBLISHED' });
    const grease = await createArticle({ title: 'Kitchen drains', body: richText('Empty the greasetrap weekly.'), status: 'PUBLISHED' });
    expect((await suggest(employee, 'greasetrap not emptied'))[0]).toBe(grease.id);
    // A title of common words only still suggests the articles holding them.
    expect(await suggest(employee, 'not')).toHaveLength(5);
  });
  it('matches a word with digits as typed, which the vocabulary (letters only) never holds: "The dishwasherk3x9 is broken" offers the article about it', async () => {
    // As e2e's knowledge test writes it: a fresh word with digits in the title, "the" in the body.
    const article = await createArticle({
      title: 'Dishwasherk3x9 failure procedure',
      body: richText('Switch the dishwasher off at the wall, then call the service line.'),
      status: 'PUBLISHED',
    });
    // "broken" is a known word other articles hold: alone it was the whole query once "the" and "is" were cut.
    await createArticle({ title: 'Broken glass', body: richText('Sweep up broken glass with the dustpan.'), status: 'PUBLISHED' });
    expect((await suggest(employee, 'The dishwasherk3x9 is broken'))[0]).toBe(article.id);
    // While typing: the last word, cut short, starts it.
    expect((await suggest(employee, 'The dishwasherk3'))[0]).toBe(article.id);
    // The word alone; and not to a reader outside the audience (the e2e test's other site).
    expect(await suggest(employee, 'dishwasherk3x9')).toEqual([article.id]);
    const forSite = await createArticle({ title: 'Dishwasherk3x9 site only', status: 'PUBLISHED', audience: audience({ cost_centres: [place.siteA] }) });
    expect(await suggest(siteIn, 'dishwasherk3x9 site')).toContain(forSite.id);
    expect(await suggest(siteOut, 'dishwasherk3x9 site')).not.toContain(forSite.id);
  });
  it('offers the articles holding every rarer word typed when five do, else those holding any', async () => {
    // An article titled twice with one of the words ranks above the others on that word alone.
    const titled = await createArticle({ title: 'Walrusq walrusq walrusq', body: richText('Walrusq care.'), status: 'PUBLISHED' });
    const both: string[] = [];
    for (let i = 0; i < 5; i++)
      both.push((await createArticle({ title: `Enclosure ${i}`, body: richText(`Feed the walrusq before the tundraq gets dark.`), status: 'PUBLISHED' })).id);
    expect((await suggest(employee, 'walrusq not in the tundraq')).sort()).toEqual([...both].sort());
    // With four holding both, the article holding one of them comes too.
    expect((await t.request({ method: 'DELETE', url: `${base}/articles/${both[0]}/`, token: editor.token })).statusCode).toBe(204);
    const four = await suggest(employee, 'walrusq not in the tundraq');
    expect(four).toHaveLength(5);
    expect(four).toContain(titled.id);
    expect(four).toEqual(expect.arrayContaining(both.slice(1)));
  });
  it("keeps an article's words in its row (storage MAIN), so ranking a match reads no TOAST page", async () => {
    const [column] = await t.database.query<{ storage: string }>(
      `select attstorage as storage from pg_attribute where attrelid = 'knowledge_article'::regclass and attname = 'words'`,
    );
    expect(column?.storage).toBe('m');
  });
  it('matches a fresh word of letters before the vocabulary holds it, through its corrections', async () => {
    const article = await createArticle({ title: 'Dishwasherkqxz failure procedure', body: richText('Switch the dishwasher off at the wall.'), status: 'PUBLISHED' });
    await t.database.query(`delete from search_word where word = 'dishwasherkqxz'`);
    expect(await suggest(employee, 'The dishwasherkqxz is broken')).toContain(article.id);
  });
});

describe('tickets avoided', () => {
  const opened = (user: TestUser, id: string, session: unknown) =>
    t.request({ method: 'POST', url: `${base}/articles/${id}/opened/`, token: user.token, payload: { session } });
  const backdate = (minutes: number, user: TestUser) =>
    t.database.query(`update knowledge_suggestion_open set opened_at = now() - make_interval(mins => $1) where user_id = $2`, [minutes, user.id]);

  it('counts opened suggestions with no ticket of the same user within 30 minutes, once per session, for editors only', async () => {
    const article = await createArticle({ title: 'Dishwasher will not drain', status: 'PUBLISHED' });
    const session = '0190d6a0-0000-7000-8000-00000000aaa1';
    // The same drawer session opening it twice counts once.
    expect((await opened(siteIn, article.id, session)).statusCode).toBe(204);
    expect((await opened(siteIn, article.id, session)).statusCode).toBe(204);
    expect((await opened(employee, article.id, '0190d6a0-0000-7000-8000-00000000aaa2')).statusCode).toBe(204);
    // Opened just now: its 30 minutes have not passed, nothing counted yet.
    expect((await get(editor, `${base}/articles/${article.id}/`)).json().tickets_avoided).toBe(0);
    await backdate(120, siteIn);
    await backdate(120, employee);
    // The employee raised a ticket 10 minutes after opening it: not avoided.
    const ticket = await insertTicket(t, admin, { requester: employee.id });
    await t.database.query(`update helpdesk_ticket set created_at = now() - interval '110 minutes' where id = $1`, [ticket.id]);
    // A ticket of the Site user long after the 30 minutes does not undo theirs.
    const later = await insertTicket(t, admin, { requester: siteIn.id });
    await t.database.query(`update helpdesk_ticket set created_at = now() - interval '60 minutes' where id = $1`, [later.id]);
    expect(await count('knowledge_suggestion_open')).toBe(2);
    expect((await get(editor, `${base}/articles/${article.id}/`)).json().tickets_avoided).toBe(1);
    const listed = ((await get(editor, `${base}/articles/?search=dishwasher`)).json().results as Json[]).find((r) => r.id === article.id);
    expect(listed?.tickets_avoided).toBe(1);
    // Readers do not see the count.
    expect((await get(siteIn, `${base}/articles/${article.id}/`)).json().tickets_avoided).toBeNull();

    // Editors order by it; for a reader every article sorts as if it had none (then by id), so the
    // order does not tell the count it withholds.
    const other = await createArticle({ title: 'Dishwasher filter cleaning', status: 'PUBLISHED' });
    const order = async (user: TestUser, ordering: string) =>
      ((await get(user, `${base}/articles/?search=dishwasher&ordering=${ordering}`)).json().results as Json[])
        .map((r) => r.id)
        .filter((id) => id === article.id || id === other.id);
    expect(await order(editor, '-tickets_avoided')).toEqual([article.id, other.id]);
    expect(await order(editor, 'tickets_avoided')).toEqual([other.id, article.id]);
    const byId = [article.id, other.id].sort();
    expect(await order(siteIn, '-tickets_avoided')).toEqual(byId);
    expect(await order(siteIn, 'tickets_avoided')).toEqual(byId);
  });

  it('is 404 for an article the caller does not read, 400 naming the session, 401 signed out', async () => {
    const forSiteA = await createArticle({ title: 'Site A only', status: 'PUBLISHED', audience: audience({ cost_centres: [place.siteA] }) });
    const draft = await createArticle({ title: 'A draft', status: 'DRAFT' });
    const before = await count('knowledge_suggestion_open');
    expect((await opened(siteOut, forSiteA.id, '0190d6a0-0000-7000-8000-00000000bbb1')).statusCode).toBe(404);
    expect((await opened(siteIn, draft.id, '0190d6a0-0000-7000-8000-00000000bbb1')).statusCode).toBe(404);
    const bad = await opened(siteIn, forSiteA.id, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['session']);
    const anonymous = await t.request({ method: 'POST', url: `${base}/articles/${forSiteA.id}/opened/`, payload: { session: '0190d6a0-0000-7000-8000-00000000bbb1' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await count('knowledge_suggestion_open')).toBe(before);
  });
});

describe('review dates', () => {
  it('notifies the last editor once when the review date has passed', async () => {
    const article = await createArticle({ title: 'Review me', status: 'PUBLISHED', review_by: '2026-01-10' });
    const run = (now: string) => runArticleReview({ transaction: (work) => t.database.db.transaction((tx) => work(tx)), notifications: t.app.notifications.writer, now: new Date(now) });
    const tag = (await get(editor, `${base}/articles/${article.id}/`)).headers.etag;
    await run('2026-01-10T12:00:00Z');
    const notified = () =>
      t.database.query<{ recipient_id: string }>('select recipient_id from notifications_notification where target_id = $1', [article.id]);
    expect(await notified()).toEqual([]);
    await run('2026-01-11T12:00:00Z');
    await run('2026-01-12T12:00:00Z');
    expect(await notified()).toEqual([{ recipient_id: editor.id }]);
    // The reminder's own mark is no change of the article: a tag held before it still holds.
    expect((await get(editor, `${base}/articles/${article.id}/`)).headers.etag).toBe(tag);
  });
});

describe('images in articles', () => {
  const upload = (user: TestUser, articleId: string, files: UploadFile[]) => {
    const form = multipart({}, files);
    return t.request({ method: 'POST', url: `${base}/articles/${articleId}/attachments/`, token: user.token, payload: form.payload, headers: form.headers });
  };
  const png = (content = SAMPLE_FILES.png()): UploadFile => ({ field: 'attachment', filename: 'dishwasher.png', content, contentType: 'image/png' });
  const imageDoc = (attachment: string, text = 'Open the door as shown:') => ({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }, { type: 'image', attrs: { attachment, alt: 'The door' } }],
  });
  const download = (user: TestUser, url: string) => t.request({ method: 'GET', url: new URL(url).pathname, token: user.token });
  /** Every stored file of the knowledge base, as storage keys. */
  const storedImages = () => {
    const root = path.join(t.config.uploadsDir, 'knowledge');
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile());
  };

  it('keeps an uploaded image as an attachment of the article, named by the text and shown to its audience only', async () => {
    const article = await createArticle({ title: 'Dishwasher door', status: 'PUBLISHED', audience: audience({ cost_centres: [place.siteA] }) });
    const content = SAMPLE_FILES.png();
    const uploaded = await upload(editor, article.id, [png(content)]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json();
    expect(Object.keys(image).sort()).toEqual(['attachment', 'content_type', 'file_name', 'id', 'size', 'uploaded_at', 'uploaded_by']);
    expect(image).toMatchObject({ file_name: 'dishwasher.png', content_type: 'image/png', size: content.length, uploaded_by: { id: editor.id, full_name: 'Eda Editor' } });
    expect(new URL(image.attachment).pathname).toBe(`${base}/articles/${article.id}/attachments/${image.id}/download/`);

    const saved = await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { body: imageDoc(image.id) } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().body.content[1]).toEqual({ type: 'image', attrs: { attachment: image.id, alt: 'The door' } });

    const read = await download(siteIn, image.attachment);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.rawPayload.equals(content)).toBe(true);
    expect((await download(editor, image.attachment)).statusCode).toBe(200);
    // Outside the audience the image is a 404 like the article itself, and so is anyone's image of another article.
    for (const outsider of [siteOut, employee, guest]) expect((await download(outsider, image.attachment)).statusCode).toBe(404);
    const other = await createArticle({ title: 'Another', status: 'PUBLISHED' });
    expect((await get(siteIn, `${base}/articles/${other.id}/attachments/${image.id}/download/`)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: new URL(image.attachment).pathname })).statusCode).toBe(401);
    // Unpublished: readers lose it with the article; editors keep it.
    await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { status: 'ARCHIVED' } });
    expect((await download(siteIn, image.attachment)).statusCode).toBe(404);
    expect((await download(editor, image.attachment)).statusCode).toBe(200);

    // A restored version still shows its image (images stay while the article does); deleting the article removes the file.
    expect(storedImages().some((key) => key.includes(image.id))).toBe(true);
    expect((await t.request({ method: 'DELETE', url: `${base}/articles/${article.id}/`, token: editor.token })).statusCode).toBe(204);
    expect(storedImages().some((key) => key.includes(image.id))).toBe(false);
    expect(await count('knowledge_attachment where article_id = ' + `'${article.id}'`)).toBe(0);
  });

  it('refuses a file that is not a JPEG or PNG by its content, too large, missing or doubled, and keeps nothing of it', async () => {
    const article = await createArticle({ title: 'Uploads refused' });
    const rows = await count('knowledge_attachment');
    const files = storedImages();
    const temp = () => (fs.existsSync(t.config.tempDir) ? fs.readdirSync(t.config.tempDir) : []);
    for (const [sent, message] of [
      [[{ ...png(SAMPLE_FILES.exe()), filename: 'photo.png' }], 'Unsupported file type. Allowed types: JPEG, PNG.'],
      [[{ ...png(SAMPLE_FILES.pdf()), filename: 'procedure.pdf' }], 'Unsupported file type. Allowed types: JPEG, PNG.'],
      [[{ ...png(SAMPLE_FILES.txt()), filename: 'notes.png' }], 'Unsupported file type. Allowed types: JPEG, PNG.'],
      [[png(Buffer.concat([SAMPLE_FILES.png(), Buffer.alloc(70 * 1024)]))], 'File is too large. The limit is 64 KB.'],
      [[], 'No file was submitted.'],
      [[png(), png()], 'Submit one file per request.'],
    ] as const) {
      const response = await upload(editor, article.id, [...sent]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ attachment: [message] });
    }
    const wrongField = await upload(editor, article.id, [{ ...png(), field: 'file' }]);
    expect(wrongField.statusCode).toBe(400);
    expect(Object.keys(wrongField.json())).toEqual(['file']);
    expect(await count('knowledge_attachment')).toBe(rows);
    expect(storedImages()).toEqual(files);
    expect(temp()).toEqual([]);
  });

  it('lets only editors upload (403), answers 404 for an article that does not exist, 401 signed out', async () => {
    const article = await createArticle({ title: 'Editors only', status: 'PUBLISHED' });
    const rows = await count('knowledge_attachment');
    for (const reader of [siteIn, corporate, employee, guest]) expect((await upload(reader, article.id, [png()])).statusCode).toBe(403);
    expect((await upload(editor, '0190d6a0-0000-7000-8000-00000000dead', [png()])).statusCode).toBe(404);
    const form = multipart({}, [png()]);
    const anonymous = await t.request({ method: 'POST', url: `${base}/articles/${article.id}/attachments/`, payload: form.payload, headers: form.headers });
    expect(anonymous.statusCode).toBe(401);
    expect(await count('knowledge_attachment')).toBe(rows);
  });

  it('answers 400 on body for an image naming no attachment or another article\'s, and changes nothing', async () => {
    const article = await createArticle({ title: 'Own images only', status: 'PUBLISHED' });
    const other = await createArticle({ title: 'Someone else', status: 'PUBLISHED' });
    const foreign = (await upload(editor, other.id, [png()])).json();
    const before = (await get(editor, `${base}/articles/${article.id}/`)).json();
    for (const body of [
      imageDoc(foreign.id),
      imageDoc('0190d6a0-0000-7000-8000-00000000beef'),
      { type: 'doc', content: [{ type: 'image', attrs: { attachment: 'not-an-id' } }] },
      { type: 'doc', content: [{ type: 'image' }] },
    ]) {
      const response = await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { body } });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual(['body']);
    }
    expect((await get(editor, `${base}/articles/${article.id}/`)).json()).toEqual(before);
    // A new article has no attachments yet: its images come once it is saved.
    const articles = await count('knowledge_article');
    const created = await t.request({ method: 'POST', url: `${base}/articles/`, token: editor.token, payload: { title: 'With an image', body: imageDoc(foreign.id) } });
    expect(created.statusCode).toBe(400);
    expect(created.json().body[0]).toContain('is not an attachment of this article');
    expect(await count('knowledge_article')).toBe(articles);
  });

  it('sweeps an image no saved text names once a day has passed, and a stored file with no row after the grace; never one a text or a version names', async () => {
    const article = await createArticle({ title: 'Swept images' });
    const uploadOne = async () => {
      const response = await upload(editor, article.id, [png()]);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const inOldVersion = await uploadOne();
    const inBody = await uploadOne();
    const neverSaved = await uploadOne();
    const fresh = await uploadOne();
    for (const body of [imageDoc(inOldVersion), imageDoc(inBody, 'Now like this:')]) {
      const saved = await t.request({ method: 'PATCH', url: `${base}/articles/${article.id}/`, token: editor.token, payload: { body } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // All but the fresh one were uploaded two days ago; the fresh one may be in a text not yet saved.
    await t.database.query(`update knowledge_attachment set uploaded_at = now() - interval '2 days' where id in ($1, $2, $3)`, [inOldVersion, inBody, neverSaved]);
    // Files with no row: one left by a process killed two hours ago, one being uploaded now.
    const folder = path.join(t.config.uploadsDir, 'knowledge', 'articles', article.id);
    const killed = path.join(folder, '0190d6a0-0000-7000-8000-00000000dead.png');
    const uploading = path.join(folder, '0190d6a0-0000-7000-8000-00000000beef.png');
    fs.writeFileSync(killed, SAMPLE_FILES.png());
    fs.writeFileSync(uploading, SAMPLE_FILES.png());
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    fs.utimesSync(killed, twoHoursAgo, twoHoursAgo);

    const sweep = () => sweepKnowledgeImages({ db: t.database.db, storage: createLocalStorage(t.config.uploadsDir), graceSeconds: 3600, log: () => undefined });
    expect(await sweep()).toEqual({ removedUnused: 1, removedOrphans: 1 });
    const rows = (await t.database.query<{ id: string }>(`select id from knowledge_attachment where article_id = $1`, [article.id])).map((row) => row.id);
    expect(rows.sort()).toEqual([inOldVersion, inBody, fresh].sort());
    const files = storedImages();
    for (const id of [inOldVersion, inBody, fresh]) expect(files.some((key) => key.includes(id))).toBe(true);
    expect(files.some((key) => key.includes(neverSaved))).toBe(false);
    expect(fs.existsSync(killed)).toBe(false);
    expect(fs.existsSync(uploading)).toBe(true);
    const shown = await get(editor, `${base}/articles/${article.id}/attachments/${inBody}/download/`);
    expect(shown.statusCode).toBe(200);
    // Nothing more to take on a second run.
    expect(await sweep()).toEqual({ removedUnused: 0, removedOrphans: 0 });
    fs.rmSync(uploading);
  });
});
