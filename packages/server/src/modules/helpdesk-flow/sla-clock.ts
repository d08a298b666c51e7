import { addBusinessMinutes, businessMinutesBetween, type BusinessCalendar } from './business-time';

export const SLA_STATUSES = ['NONE', 'ON_TRACK', 'AT_RISK', 'PAUSED', 'BREACHED', 'MET'] as const;
export type SlaStatus = (typeof SLA_STATUSES)[number];

/** At this share of a target the SLA is AT_RISK. */
export const AT_RISK_SHARE = 0.75;

export interface SlaTargets {
  firstResponseMinutes: number;
  resolutionMinutes: number;
  calendar: BusinessCalendar;
}

/** What the SLA of a ticket depends on. */
export interface SlaInput {
  createdAt: Date;
  ticketStatus: string;
  firstRespondedAt: Date | null;
  /** Business minutes spent ON_HOLD before the current pause. */
  pausedMinutes: number;
  /** When the current pause began (the ticket is ON_HOLD), else null. */
  pausedAt: Date | null;
  /** The status it had: a ticket that breached stays BREACHED, a closed one keeps MET/BREACHED. */
  previousStatus: string;
}

export interface SlaState {
  firstResponseDueAt: Date | null;
  dueAt: Date | null;
  slaStatus: SlaStatus;
  slaRiskAt: Date | null;
  slaBreachAt: Date | null;
  slaPausedAt: Date | null;
  slaPausedMinutes: number;
}

export const NO_SLA: SlaState = {
  firstResponseDueAt: null,
  dueAt: null,
  slaStatus: 'NONE',
  slaRiskAt: null,
  slaBreachAt: null,
  slaPausedAt: null,
  slaPausedMinutes: 0,
};

/**
 * The SLA state of a ticket at `now` (pure). Due times count business minutes from creation plus
 * the business minutes spent paused; while ON_HOLD the status is PAUSED and the due times stand
 * still until the pause ends (`resume` folds it into pausedMinutes). `slaRiskAt`/`slaBreachAt`
 * are the instants the periodic sweep compares with the clock.
 */
export function slaState(targets: SlaTargets | null, input: SlaInput, now: Date): SlaState {
  if (!targets) return { ...NO_SLA };
  const { calendar } = targets;
  const paused = input.pausedMinutes;
  const at = (minutes: number) => addBusinessMinutes(input.createdAt, Math.ceil(minutes) + paused, calendar);
  const firstResponseDueAt = at(targets.firstResponseMinutes);
  const dueAt = at(targets.resolutionMinutes);
  const responded = input.firstRespondedAt;
  const respondedLate = responded !== null && responded > firstResponseDueAt;
  const resolutionRisk = at(targets.resolutionMinutes * AT_RISK_SHARE);
  const slaRiskAt = responded ? resolutionRisk : minDate(at(targets.firstResponseMinutes * AT_RISK_SHARE), resolutionRisk);
  const slaBreachAt = respondedLate ? firstResponseDueAt : responded ? dueAt : minDate(firstResponseDueAt, dueAt);
  const base = { firstResponseDueAt, dueAt, slaRiskAt, slaBreachAt, slaPausedMinutes: paused };

  if (input.ticketStatus === 'CLOSED') {
    if (input.previousStatus === 'MET' || input.previousStatus === 'BREACHED')
      return { ...base, slaStatus: input.previousStatus, slaPausedAt: null };
    const late = respondedLate || now > dueAt || (responded === null && now > firstResponseDueAt);
    return { ...base, slaStatus: late || input.previousStatus === 'BREACHED' ? 'BREACHED' : 'MET', slaPausedAt: null };
  }
  if (input.ticketStatus === 'ON_HOLD') {
    // The clock stopped when the pause began: compare the due times with that moment.
    const pausedAt = input.pausedAt ?? now;
    return { ...base, slaStatus: pausedAt >= slaBreachAt || respondedLate ? 'BREACHED' : 'PAUSED', slaPausedAt: pausedAt };
  }
  const breached = now >= slaBreachAt || respondedLate;
  return { ...base, slaStatus: breached ? 'BREACHED' : now >= slaRiskAt ? 'AT_RISK' : 'ON_TRACK', slaPausedAt: null };
}

/** Folds a finished pause into the paused business minutes. */
export function resumedPausedMinutes(
  pausedMinutes: number,
  pausedAt: Date | null,
  now: Date,
  calendar: BusinessCalendar,
): number {
  return pausedAt ? pausedMinutes + businessMinutesBetween(pausedAt, now, calendar) : pausedMinutes;
}

function minDate(a: Date, b: Date): Date {
  return a <= b ? a : b;
}
