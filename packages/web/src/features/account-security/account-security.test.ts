import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http-client';
import { normaliseTotp, secondStepError } from '../auth/SecondStep';
import { describeUserAgent, recoveryCodesText } from './account-security';

describe('recoveryCodesText', () => {
  it('lists the ten codes, numbered, with the account and the day they were issued', () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cc${String(i).padStart(2, '0')}`);
    const text = recoveryCodesText(codes, 'tess@example.test', new Date('2026-11-28T13:00:00Z'));
    expect(text).toContain('Account: tess@example.test');
    expect(text).toContain('Issued: 2026-11-28');
    expect(text).toContain(' 1. aaaa-bbbb-cc00');
    expect(text).toContain('10. aaaa-bbbb-cc09');
    expect(text.split('\n').filter((line) => /^\s?\d+\. /.test(line))).toHaveLength(10);
  });
});

describe('describeUserAgent', () => {
  it('names the browser and system, a script by its first word, nothing for none', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (Linux; Android 14; SM-X210) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Safari/537.36')).toBe('Samsung Internet on Android');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on macOS');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
    expect(describeUserAgent(null)).toBeNull();
    expect(describeUserAgent('')).toBeNull();
  });
});

describe('the second factor as typed', () => {
  it('takes six digits with the spaces or dashes apps show, nothing else', () => {
    expect(normaliseTotp('123 456')).toBe('123456');
    expect(normaliseTotp(' 123-456 ')).toBe('123456');
    expect(normaliseTotp('12345')).toBeUndefined();
    expect(normaliseTotp('12345a')).toBeUndefined();
    expect(normaliseTotp('1234567')).toBeUndefined();
  });

  it('says what went wrong: a wrong or used code, too many tries, a closed passkey prompt', () => {
    expect(secondStepError(new ApiError(400, { non_field_errors: ['x'] }))).toMatch(/wrong or was used already/);
    expect(secondStepError(new ApiError(429, { detail: 'Request was throttled.' }))).toMatch(/Too many attempts/);
    expect(secondStepError(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }))).toMatch(/passkey was not used/);
    expect(secondStepError(new TypeError('Failed to fetch'))).toMatch(/Unable to reach the server/);
  });
});
