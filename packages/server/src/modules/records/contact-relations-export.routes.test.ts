import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertClient, insertContactPerson, insertLegalEntity, insertRole, post } from '../../test/factories/records';

let t: TestApp;
let admin: TestUser;
let client: { id: string };
let role: { id: string; role: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const le = await insertLegalEntity(t, admin.token);
  client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  const person = await insertContactPerson(t, admin.token, { company: client.id });
  role = (await insertRole(t, admin.token, 'accounts', { responsibility: 'Signs the menus' })) as typeof role;
  await post(t, admin.token, '/api/accounts/contact-relations/', { client: client.id, contact_person: person.id, role: [role.id] });
});
afterAll(() => t.close());

const exportCsv = (query: string) =>
  t.request({ method: 'GET', url: `/api/accounts/clients/${client.id}/contact-relations/?format=csv&${query}`, token: admin.token });

describe('a full export of a list with lists of related records', () => {
  it("takes the labels the document lists for the related fields, and writes each field as its own column", async () => {
    const labels = { 'role.role': 'Role', 'role.responsibility': 'Responsibility' };
    const response = await exportCsv(`labels=${encodeURIComponent(JSON.stringify(labels))}`);
    expect(response.statusCode, response.body).toBe(200);
    const [header, row] = response.body.replace(/^\ufeff/, '').trim().split('\r\n').map((line) => line.split(','));
    const at = (name: string) => row![header!.indexOf(name)];
    expect(at('Role')).toBe(role.role);
    expect(at('Responsibility')).toBe('Signs the menus');
    expect(header).toContain('role.id');
  });

  it('still refuses a label that names no column', async () => {
    const response = await exportCsv(`labels=${encodeURIComponent(JSON.stringify({ 'role.nope': 'X' }))}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ labels: ['"role.nope" is not a column of this export.'] });
  });
});
