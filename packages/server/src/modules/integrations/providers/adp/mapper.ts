import { EMPLOYMENT_STATUSES } from '@ops/contract/integrations/adp.schemas';
import { asArray, asObject, day, oneOf, required, text } from '../../mapping';
import type { SyncRow } from '../../sync.repository';
import { uuidv7 } from '../../../../db/ids';

const code = (value: unknown) => asObject(value).codeValue;
const shortName = (value: unknown) => asObject(value).shortName;

/** The custom string field USERFIELDM1 holds the position title; the assignment's job title stands in when it is blank. */
function positionTitle(worker: Record<string, unknown>, assignment: Record<string, unknown>): string | null {
  const custom = asArray(asObject(worker.customFieldGroup).stringFields).find((f) => code(f.nameCode) === 'USERFIELDM1');
  return text(custom?.stringValue, 100) ?? text(assignment.jobTitle, 100);
}

export function mapWorker(worker: Record<string, unknown>): SyncRow<'employee'> {
  const person = asObject(worker.person);
  const legal = asObject(person.legalName);
  const assignments = asArray(worker.workAssignments);
  const assignment = assignments.find((a) => a.primaryIndicator === true) ?? assignments[0] ?? {};
  const location = asObject(assignment.homeWorkLocation);
  const costCentre = asArray(assignment.homeOrganizationalUnits).find((u) =>
    /cost ?cent(er|re)/i.test(String(code(u.typeCode) ?? '')),
  );
  const manager = asArray(assignment.reportsTo)[0];
  const communication = asObject(worker.businessCommunication);
  const dates = asObject(worker.workerDates);
  const given = text(legal.givenName, 60);
  const family = text(legal.familyName1, 60);
  const empCode = required(asObject(worker.workerID).idValue, 'workers.workerID.idValue', 20);
  return {
    id: uuidv7(),
    EmpCode: empCode,
    CompID: required(assignment.payrollGroupCode, `worker ${empCode}: payrollGroupCode`, 10),
    Location: text(shortName(location.nameCode) ?? code(location.nameCode), 100),
    EmpCategory: text(shortName(assignment.workerTypeCode) ?? code(assignment.workerTypeCode), 50),
    EmployeeName: [given, family].filter(Boolean).join(' ') || required(legal.formattedName, `worker ${empCode}: legalName`, 150),
    State: text(code(asObject(location.address).countrySubdivisionLevel1), 10),
    FirstName: given,
    LastName: family,
    PreferredName: text(asObject(person.preferredName).givenName, 60),
    Email: text(asArray(communication.emails)[0]?.emailUri, 254)?.toLowerCase() ?? null,
    Mobile: text(asArray(communication.mobiles)[0]?.formattedNumber, 30),
    StartDate: day(dates.originalHireDate ?? assignment.hireDate, 'originalHireDate'),
    TerminationDate: day(dates.terminationDate ?? assignment.terminationDate, 'terminationDate'),
    Status: oneOf(code(asObject(worker.workerStatus).statusCode), EMPLOYMENT_STATUSES, `worker ${empCode}: workerStatus`),
    CostCentre: text(code(costCentre?.nameCode), 20),
    USERFIELDM1: positionTitle(worker, assignment),
    reporting_manager: text(asObject(manager?.workerID).idValue, 20),
  };
}

export function mapPositionTitle(title: string): SyncRow<'positionTitle'> {
  // site_contact is ours: set on insert only (the upsert never overwrites it).
  return { id: uuidv7(), title, site_contact: false };
}
