import { describe, expect, it } from 'vitest';
import { clientColumns } from '../clients/client-entity';
import { fieldLabeller, headerAliases, importBody, initialMapping, initialMatch, invalidRowsCsv, missingRequired, remap } from './imports';

const upload = {
  columns: ['Client name', 'Account number', 'ABN', 'Notes'],
  suggested_mapping: { 'Account number': 'account_number', ABN: 'abn' },
  match_keys: ['account_number', 'abn'] as const,
  fields: ['name', 'account_number', 'abn', 'relation_status', 'legal_entity'],
};

describe('import mapping', () => {
  it('starts from the suggestion with every other column not imported, matching on the first key the file has', () => {
    const mapping = initialMapping(upload);
    expect(mapping).toEqual({ 'Client name': '', 'Account number': 'account_number', ABN: 'abn', Notes: '' });
    expect(initialMatch({ match_keys: [...upload.match_keys] }, mapping, true)).toEqual({
      on: 'account_number',
      onMatch: 'update',
    });
    expect(initialMatch({ match_keys: [...upload.match_keys] }, mapping, false)).toEqual({
      on: 'account_number',
      onMatch: 'skip',
    });
  });

  it('maps the headers of an export (the grid labels) and the form labels the server does not know to their fields', () => {
    const aliases = headerAliases(clientColumns, [{ name: 'name', label: 'Client name', kind: 'text' }]);
    const exported = { ...upload, columns: ['ID', 'Client name', 'Account number', 'Status', 'Location (locality)'], suggested_mapping: { 'Account number': 'account_number' } };
    expect(initialMapping(exported, aliases)).toEqual({
      ID: '',
      'Client name': 'name',
      'Account number': 'account_number',
      Status: 'relation_status',
      'Location (locality)': '',
    });
    // The server's suggestion wins, and a field is mapped once.
    expect(initialMapping({ ...exported, columns: ['Status', 'relation_status'], suggested_mapping: { relation_status: 'relation_status' } }, aliases)).toEqual({
      Status: '',
      relation_status: 'relation_status',
    });
  });

  it('maps a field once: choosing it for another column frees the first', () => {
    const mapping = remap(initialMapping(upload), 'Notes', 'abn');
    expect(mapping).toMatchObject({ ABN: '', Notes: 'abn' });
    expect(missingRequired(['name', 'account_number'], mapping)).toEqual(['name']);
  });

  it('sends only mapped columns, and no match when its key is no longer mapped', () => {
    const mapping = remap(initialMapping(upload), 'Account number', '');
    expect(importBody(mapping, { on: 'account_number', onMatch: 'update' })).toEqual({ mapping: { ABN: 'abn' }, match_on: null });
    expect(importBody(mapping, { on: 'abn', onMatch: 'skip' })).toEqual({
      mapping: { ABN: 'abn' },
      match_on: 'abn',
      on_match: 'skip',
    });
  });

  it('labels fields as the record form does, else from the field name', () => {
    const label = fieldLabeller([{ name: 'parent', label: 'Parent client', kind: 'text' }, { section: 'More' }]);
    expect(label('parent')).toBe('Parent client');
    expect(label('abn')).toBe('ABN');
    expect(label('number_of_employees')).toBe('Number of employees');
  });

  it('writes the invalid rows as CSV with the column they came from, quoting and neutralising formulas', () => {
    const csv = invalidRowsCsv(
      [
        { row: 3, field: 'account_number', message: 'Ensure this field has no more than 20 characters.' },
        { row: 5, field: null, message: '=cmd|" /C calc"!A0, refused' },
      ],
      initialMapping(upload),
      fieldLabeller([]),
    );
    expect(csv).toBe(
      'Row,Column,Field,Message\r\n' +
        '3,Account number,Account number,Ensure this field has no more than 20 characters.\r\n' +
        `5,,,"'=cmd|"" /C calc""!A0, refused"\r\n`,
    );
  });
});
