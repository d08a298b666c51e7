import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { parseRecipient, replyAddressOf } from '../notifications/index';
import { documentOf, titleOf, withoutQuotedReply } from './mail-document';

const NAMES = [
  'INBOUND_SMTP_PORT',
  'INBOUND_SMTP_HOST',
  'SUPPORT_ADDRESS',
  'INBOUND_SMTP_MAX_MB',
  'HOST',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
const setEnv = (values: Record<string, string | undefined>) => {
  for (const name of NAMES) delete process.env[name];
  for (const [name, value] of Object.entries(values)) if (value !== undefined) process.env[name] = value;
};

describe('settings', () => {
  it('inbound mail is off without INBOUND_SMTP_PORT, and needs a SUPPORT_ADDRESS without "+" when on', () => {
    setEnv({});
    expect(loadConfig().inboundSmtp).toBeUndefined();
    setEnv({ INBOUND_SMTP_PORT: '2525' });
    expect(() => loadConfig()).toThrow(/SUPPORT_ADDRESS/);
    setEnv({ INBOUND_SMTP_PORT: '2525', SUPPORT_ADDRESS: 'help+desk@ops.example' });
    expect(() => loadConfig()).toThrow(/SUPPORT_ADDRESS/);
    setEnv({ INBOUND_SMTP_PORT: 'x', SUPPORT_ADDRESS: 'support@ops.example' });
    expect(() => loadConfig()).toThrow(/INBOUND_SMTP_PORT/);
    setEnv({ INBOUND_SMTP_PORT: '2525', SUPPORT_ADDRESS: 'Support@Ops.Example' });
    expect(loadConfig().inboundSmtp).toEqual({
      port: 2525,
      host: '127.0.0.1',
      supportAddress: 'support@ops.example',
      maxBytes: 25 * 1024 * 1024,
    });
    setEnv({ INBOUND_SMTP_PORT: '2525', SUPPORT_ADDRESS: 'support@ops.example', HOST: '0.0.0.0', INBOUND_SMTP_MAX_MB: '5' });
    expect(loadConfig().inboundSmtp).toMatchObject({ host: '0.0.0.0', maxBytes: 5 * 1024 * 1024 });
  });

  it('Google sign-in is on only with issuer, client id and secret', () => {
    setEnv({ OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id' });
    expect(loadConfig().oidc).toBeUndefined();
    setEnv({ OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' });
    expect(loadConfig().oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 's',
      redirectUri: undefined,
      name: 'Google',
      // Google's own second factor is not trusted unless OIDC_TRUST_MFA says so (platform.md 14.5).
      trustMfa: false,
    });
    setEnv({ OIDC_ISSUER: 'accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' });
    expect(() => loadConfig()).toThrow(/OIDC_ISSUER/);
  });
});

describe('reply addresses', () => {
  const token = '0123456789abcdef0123456789abcdef';
  it.each([
    ['support@ops.example', { kind: 'support' }],
    ['SUPPORT@OPS.EXAMPLE', { kind: 'support' }],
    [`support+${token}@ops.example`, { kind: 'reply', token }],
    [`Support+${token.toUpperCase()}@Ops.Example`, { kind: 'reply', token }],
    [`support+${token}0@ops.example`, undefined],
    ['support+@ops.example', undefined],
    [`support+${token}@other.example`, undefined],
    [`other+${token}@ops.example`, undefined],
    [`support+${token}@ops.example.evil`, undefined],
  ])('%s', (address, expected) => {
    expect(parseRecipient('support@ops.example', address)).toEqual(expected);
  });
  it('builds what it parses', () => {
    expect(parseRecipient('support@ops.example', replyAddressOf('support@ops.example', token))).toEqual({ kind: 'reply', token });
  });
});

describe('mail text as a document', () => {
  it('titles: one line, never empty, at most 255 characters', () => {
    expect(titleOf('  Oven\r\n  broken ')).toBe('Oven broken');
    expect(titleOf(undefined)).toBe('(no subject)');
    expect(titleOf('x'.repeat(300))).toHaveLength(255);
  });
  it('drops quoted replies but keeps an answer that is all quote', () => {
    expect(withoutQuotedReply('Yes.\n\nOn Tue, Ann <a@b.c> wrote:\n> question')).toBe('Yes.');
    expect(withoutQuotedReply('Fine\n-----Original Message-----\nFrom: x')).toBe('Fine');
    expect(withoutQuotedReply('> only a quote')).toBe('> only a quote');
  });
  it('paragraphs, hard breaks, no control characters, an empty mail an empty paragraph', () => {
    expect(documentOf('a\r\nb\u0000\n\n\nc')).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'a' }, { type: 'hardBreak' }, { type: 'text', text: 'b' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'c' }] },
      ],
    });
    expect(documentOf('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
