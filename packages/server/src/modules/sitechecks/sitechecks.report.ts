import type { PassThrough } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { DateTime } from 'luxon';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import { siteCheckStepSchema, type SiteCheckStep } from '@ops/contract/sitechecks/sitechecks';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../platform/storage';
import { siteCheckRuns } from '../../db/schema/sitechecks';
import type { SiteChecksRepository } from './sitechecks.repository';
import { valueText } from './steps';
import { drained } from '../../platform/stream-drain';

/** Runs read (and their answers) per statement while the PDF is written. */
export const REPORT_BATCH = 50;
/** The largest a photo is drawn, in points (A4 is 595 x 842). */
const PHOTO_BOX: [number, number] = [240, 180];
const MARGIN = 50;

export interface SiteCheckReportInput {
  site: { id: string; name: string; code: string | null };
  /** First and last day (UTC), as asked. */
  fromDay: string;
  toDay: string;
  /** `[from, to)` instants of the period. */
  from: Date;
  to: Date;
  /** Zone for runs without a schedule (the app's). */
  timeZone: string;
  generatedAt: Date;
}

export interface SiteCheckReportDeps {
  repository: SiteChecksRepository;
  storage: FileStorage;
  log: { warn(obj: unknown, msg: string): void };
}

/**
 * Text the PDF's standard fonts can draw (WinAnsi): control characters become spaces and
 * characters outside Latin-1 and the WinAnsi extras become "?" (a standard font has no glyph for them).
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRAS.has(char)) out += char;
    else out += '?';
  }
  return out;
}

const stepsOf = (value: unknown): SiteCheckStep[] => z.array(siteCheckStepSchema).catch([]).parse(value ?? []);
const nameOf = (first: string | null, last: string | null, fallback = '(a removed user)') => `${first ?? ''} ${last ?? ''}`.trim() || fallback;

/**
 * Writes the PDF evidence of one site over a period to `out` (spec platform §14.1): a summary, then
 * every run due in the period in due order with its status, times, completer and ticket, each step
 * with its answer, whether it passed, the note, who answered and when, and the photo or signature
 * drawn in. Runs are read a batch at a time (two statements per batch, plus one for steps of
 * versions not seen yet) and photos one at a time; the document is passed on as pdfkit writes it,
 * waiting while the client is slower, so memory stays one batch and one photo.
 */
export async function writeSiteCheckReport(out: PassThrough, input: SiteCheckReportInput, deps: SiteCheckReportDeps): Promise<void> {
  const { repository, storage } = deps;
  const title = `Site checks: ${input.site.name}${input.site.code ? ` (${input.site.code})` : ''}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: pdfText(title), Subject: `Site checks ${input.fromDay} to ${input.toDay}`, CreationDate: input.generatedAt },
  });
  let waiting = false;
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed && !out.write(chunk)) waiting = true;
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  const pace = async () => {
    if (out.destroyed) throw new Error('client went away');
    if (waiting) {
      waiting = false;
      if (!(await drained(out))) throw new Error('client went away');
    }
  };
  const bottom = () => doc.page.height - MARGIN;
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const line = (text: string, options: { font?: string; size?: number; colour?: string; indent?: number } = {}) => {
    doc
      .font(options.font ?? 'Helvetica')
      .fontSize(options.size ?? 10)
      .fillColor(options.colour ?? 'black')
      .text(pdfText(text), MARGIN + (options.indent ?? 0), doc.y, { width: doc.page.width - 2 * MARGIN - (options.indent ?? 0) });
  };

  line(title, { font: 'Helvetica-Bold', size: 18 });
  doc.moveDown(0.3);
  line(`Period: ${input.fromDay} to ${input.toDay} (runs due on these days, UTC)`);
  line(`Generated: ${input.generatedAt.toISOString()}`);
  const f = await repository.dayFigures(input.from, input.to, eq(siteCheckRuns.costCentreId, input.site.id));
  line(`Runs: ${f.due} due, ${f.done} done, ${f.failed} failed, ${f.missed} missed`);
  doc.moveDown();

  const steps = new Map<string, SiteCheckStep[]>();
  const stepKey = (templateId: string, version: number) => `${templateId}:${version}`;
  let after: { dueAt: Date; id: string } | null = null;
  let count = 0;
  for (;;) {
    const runs = await repository.reportRuns(input.site.id, input.from, input.to, after, REPORT_BATCH);
    if (!runs.length) break;
    const unseen = [...new Map(runs.filter((r) => !steps.has(stepKey(r.templateId, r.templateVersion))).map((r) => [stepKey(r.templateId, r.templateVersion), r])).values()];
    for (const row of await repository.versionSteps(unseen.map((r) => ({ templateId: r.templateId, version: r.templateVersion }))))
      steps.set(stepKey(row.templateId, row.version), stepsOf(row.steps));
    const answers = await repository.answersOf(runs.map((r) => r.id));
    for (const run of runs) {
      count += 1;
      const zone = run.timezone ?? input.timeZone;
      const at = (value: Date) => DateTime.fromJSDate(value, { zone }).toFormat('yyyy-MM-dd HH:mm ZZZZ');
      room(80);
      doc.moveDown(0.5);
      line(`${run.templateName} (version ${run.templateVersion})`, { font: 'Helvetica-Bold', size: 13 });
      const statusColour = run.status === 'FAILED' || run.status === 'MISSED' ? '#b00020' : run.status === 'DONE' ? '#1b5e20' : 'black';
      line(`Status: ${run.status}`, { font: 'Helvetica-Bold', colour: statusColour });
      line(`Due ${at(run.dueAt)}, window closes ${at(run.closesAt)}`);
      line(
        run.completedAt
          ? `Completed by ${nameOf(run.completedByFirst, run.completedByLast, run.completedByEmail ?? '(a removed user)')} at ${at(run.completedAt)}`
          : 'Not completed',
      );
      const failed = Array.isArray(run.failedSteps) ? (run.failedSteps as string[]) : [];
      if (failed.length) line(`Failed steps: ${failed.join(', ')}`, { colour: '#b00020' });
      if (run.ticketNumber !== null) line(`Ticket #${run.ticketNumber} raised`);
      doc.moveDown(0.3);

      const runSteps = steps.get(stepKey(run.templateId, run.templateVersion)) ?? [];
      const given = answers.filter((a) => a.runId === run.id);
      const byKey = new Map(given.map((a) => [a.key, a]));
      // Steps in the template's order, then any answer to a step the version no longer names.
      const rows = [
        ...runSteps.map((step) => ({ step, answer: byKey.get(step.key) })),
        ...given.filter((a) => !runSteps.some((s) => s.key === a.key)).map((answer) => ({ step: undefined, answer })),
      ];
      for (const { step, answer } of rows) {
        room(40);
        const label = step ? `${step.label} (${step.key})` : (answer?.key ?? '');
        if (!answer) {
          line(`${label}: no answer${step?.required ? ' (required)' : ''}`, { indent: 12 });
          continue;
        }
        const value = step ? valueText(step, answer.value) : JSON.stringify(answer.value);
        const shown = answer.photoKey ? (step?.kind === 'SIGNATURE' ? 'signed' : 'photo taken') : value;
        line(`${label}: ${shown} - ${answer.ok ? 'OK' : 'FAILED'}`, { indent: 12, font: 'Helvetica-Bold', colour: answer.ok ? 'black' : '#b00020' });
        if (answer.note) line(`Note: ${answer.note}`, { indent: 24 });
        line(`Answered by ${nameOf(answer.byFirst, answer.byLast)} at ${at(answer.answeredAt)}`, { indent: 24, colour: '#444444' });
        if (answer.photoKey) {
          let image: Buffer | null = null;
          try {
            image = await readAll((await storage.read(answer.photoKey)).stream);
          } catch (error) {
            deps.log.warn({ err: error, key: answer.photoKey }, 'a site check photo could not be read for the report');
          }
          if (!image) line('(the stored image could not be read)', { indent: 24, colour: '#b00020' });
          else {
            room(PHOTO_BOX[1] + 10);
            const top = doc.y + 4;
            try {
              doc.image(image, MARGIN + 24, top, { fit: PHOTO_BOX });
              doc.y = top + PHOTO_BOX[1] + 6;
            } catch (error) {
              deps.log.warn({ err: error, key: answer.photoKey }, 'a site check photo could not be drawn in the report');
              line('(the stored image could not be drawn)', { indent: 24, colour: '#b00020' });
            }
            image = null;
          }
          await pace();
        }
      }
      await pace();
    }
    const last = runs[runs.length - 1]!;
    after = { dueAt: last.dueAt, id: last.id };
    if (runs.length < REPORT_BATCH) break;
  }
  if (!count) line('No run was due at this site in the period.');
  doc.end();
  await ended;
  out.end();
}
