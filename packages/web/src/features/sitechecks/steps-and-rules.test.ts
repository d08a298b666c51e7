import { describe, expect, it } from 'vitest';
import { answerPasses, keyFromLabel, missingStepKeys, rangeText, readingOf, withKeys, type Step } from './steps';
import { buildRule, describeRule, parseRule, type Recurrence } from './rrule';

const step = (over: Partial<Step>): Step => ({
  key: 'k',
  label: 'K',
  kind: 'NUMBER',
  required: true,
  help: '',
  unit: null,
  min: null,
  max: null,
  choices: [],
  fail_choices: [],
  ...over,
});

describe('steps', () => {
  it('fails a reading out of range, a check answered no and a failing choice, like the server', () => {
    const fridge = step({ min: 0, max: 5, unit: '°C' });
    expect([answerPasses(fridge, 0), answerPasses(fridge, 5), answerPasses(fridge, 5.1), answerPasses(fridge, -1)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(answerPasses(step({ min: 75 }), 74)).toBe(false);
    expect(answerPasses(step({ kind: 'CHECK' }), false)).toBe(false);
    expect(answerPasses(step({ kind: 'CHECK' }), true)).toBe(true);
    const smell = step({ kind: 'CHOICE', choices: ['None', 'Bad'], fail_choices: ['Bad'] });
    expect([answerPasses(smell, 'None'), answerPasses(smell, 'Bad')]).toEqual([true, false]);
    expect(answerPasses(step({ kind: 'TEXT' }), 'anything')).toBe(true);
  });

  it('reads typed numbers as the server takes them, a comma as the decimal point', () => {
    expect([readingOf('3'), readingOf(' -2.5 '), readingOf('4,5'), readingOf('1e3'), readingOf(''), readingOf('.5')]).toEqual([
      3,
      -2.5,
      4.5,
      null,
      null,
      null,
    ]);
  });

  it('shows the range with its unit', () => {
    expect(rangeText({ min: 0, max: 5, unit: '°C' })).toBe('Between 0 and 5 °C');
    expect(rangeText({ min: 75, max: null, unit: '°C' })).toBe('At least 75 °C');
    expect(rangeText({ min: null, max: 8, unit: null })).toBe('At most 8');
    expect(rangeText({ min: null, max: null, unit: 'kg' })).toBeNull();
  });

  it('finds the steps a 400 of complete names, and nothing in other answers', () => {
    const body = {
      answers: ['The step "Fridge (walk-in) temp" (fridge_1) is required.', 'The step "Sign" (sign-off) is required.'],
    };
    expect(missingStepKeys(body)).toEqual(['fridge_1', 'sign-off']);
    expect(missingStepKeys({ status: ['This run is DONE and can no longer be changed.'] })).toEqual([]);
    expect(missingStepKeys({ answers: 'x' })).toEqual([]);
    expect(missingStepKeys(null)).toEqual([]);
  });

  it('makes keys from labels, unique in the template, within the contract rule', () => {
    expect(keyFromLabel('Fridge 1 temperature (°C)', [])).toBe('fridge_1_temperature_c');
    expect(keyFromLabel('Crème brûlée cooled?', [])).toBe('creme_brulee_cooled');
    expect(keyFromLabel('  ', [])).toBe('step');
    expect(keyFromLabel('Door', ['door', 'door_2'])).toBe('door_3');
    const long = keyFromLabel('x'.repeat(80), ['x'.repeat(64)]);
    expect(long).toHaveLength(64);
    expect(long.endsWith('_2')).toBe(true);
    for (const key of [long, keyFromLabel('__proto__', []), keyFromLabel('constructor', ['constructor'])])
      expect(key).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
  });

  it('keeps saved keys and gives new steps unique ones', () => {
    const steps = withKeys([
      { key: 'door', label: 'Door closed' },
      { key: '', label: 'Door' },
      { key: '', label: 'Door' },
      { key: '', label: 'Fridge' },
    ]);
    expect(steps.map((s) => s.key)).toEqual(['door', 'door_2', 'door_3', 'fridge']);
  });
});

describe('recurrence rules', () => {
  it('builds daily, weekly and monthly rules from simple choices', () => {
    expect(buildRule({ kind: 'daily', times: ['15:00', '07:00'] })).toEqual({ rule: 'FREQ=DAILY;BYHOUR=7,15;BYMINUTE=0' });
    expect(buildRule({ kind: 'weekly', days: ['FR', 'MO'], time: '09:30' })).toEqual({
      rule: 'FREQ=WEEKLY;BYDAY=MO,FR;BYHOUR=9;BYMINUTE=30',
    });
    expect(buildRule({ kind: 'monthly', day: -1, time: '17:00' })).toEqual({
      rule: 'FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=17;BYMINUTE=0',
    });
    expect(buildRule({ kind: 'raw', rule: ' RRULE:FREQ=HOURLY;INTERVAL=4 ' })).toEqual({ rule: 'FREQ=HOURLY;INTERVAL=4' });
  });

  it('refuses choices that would not mean what they say', () => {
    expect(buildRule({ kind: 'daily', times: ['07:00', '15:30'] })).toHaveProperty('problem');
    expect(buildRule({ kind: 'daily', times: [] })).toEqual({ problem: 'Add at least one time.' });
    expect(buildRule({ kind: 'daily', times: ['7:00'] })).toEqual({ problem: 'Times are HH:MM, 00:00 to 23:59.' });
    expect(buildRule({ kind: 'daily', times: ['07:00', '07:00'] })).toEqual({ problem: 'Each time may appear only once.' });
    expect(buildRule({ kind: 'weekly', days: [], time: '07:00' })).toEqual({ problem: 'Choose at least one day.' });
    expect(buildRule({ kind: 'monthly', day: 31, time: '07:00' })).toHaveProperty('problem');
    expect(buildRule({ kind: 'raw', rule: ' ' })).toEqual({ problem: 'Enter a recurrence rule.' });
  });

  it('reads back the rules it builds, and leaves any other rule raw', () => {
    for (const recurrence of [
      { kind: 'daily', times: ['07:00', '15:00'] },
      { kind: 'weekly', days: ['MO', 'FR'], time: '09:30' },
      { kind: 'monthly', day: 1, time: '08:00' },
    ] satisfies Recurrence[]) {
      const built = buildRule(recurrence);
      expect('rule' in built && parseRule(built.rule)).toEqual(recurrence);
    }
    for (const rule of [
      'FREQ=HOURLY;INTERVAL=4',
      'FREQ=DAILY;INTERVAL=2;BYHOUR=7;BYMINUTE=0',
      'FREQ=WEEKLY;BYDAY=1MO;BYHOUR=7;BYMINUTE=0',
      'FREQ=DAILY;BYHOUR=7',
      'garbage',
    ])
      expect(parseRule(rule)).toEqual({ kind: 'raw', rule });
    expect(describeRule('FREQ=DAILY;BYHOUR=7,15;BYMINUTE=0')).toBe('Daily at 07:00, 15:00');
    expect(describeRule('FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9;BYMINUTE=0')).toBe('Mon, Wed at 09:00');
    expect(describeRule('FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=9;BYMINUTE=0')).toBe('Monthly on the last day at 09:00');
  });
});

describe('step kinds', () => {
  it("are the contract's, in its order", async () => {
    const { SITE_CHECK_STEP_KINDS } = await import('@ops/contract/sitechecks/sitechecks');
    const { STEP_KINDS } = await import('./steps');
    expect(STEP_KINDS).toEqual([...SITE_CHECK_STEP_KINDS]);
  });
});
