import { describe, expect, it } from 'vitest';
import { humaniseCode, humaniseField } from './humanise';

describe('labels from codes and field names', () => {
  it('title-cases codes but keeps abbreviations in capitals', () => {
    expect(humaniseCode('SERVICE_REQUEST')).toBe('Service Request');
    expect(humaniseCode('EMAIL_EDM')).toBe('Email EDM');
    expect(humaniseCode('PR_MEDIA')).toBe('PR Media');
    expect(humaniseCode('SMS')).toBe('SMS');
    expect(humaniseCode('GST')).toBe('GST');
    expect(humaniseCode('CRM')).toBe('CRM');
    expect(humaniseCode('NON-BINARY')).toBe('Non Binary');
    expect(humaniseCode('DR')).toBe('Dr');
    expect(humaniseCode('MS')).toBe('Ms');
    expect(humaniseCode('PO')).toBe('PO');
    expect(humaniseCode('IN')).toBe('IN');
    expect(humaniseCode('IN_PROGRESS')).toBe('In Progress');
    expect(humaniseCode('LINKEDIN_SALES_NAVIGATOR')).toBe('LinkedIn Sales Navigator');
  });

  it('sentence-cases field names, keeps abbreviations and the API’s own mixed-case names', () => {
    expect(humaniseField('account_number')).toBe('Account number');
    expect(humaniseField('abn')).toBe('ABN');
    expect(humaniseField('gst_rate')).toBe('GST rate');
    expect(humaniseField('owner__email')).toBe('Owner email');
    expect(humaniseField('crm_id')).toBe('CRM ID');
    expect(humaniseField('EmpCode')).toBe('EmpCode');
  });
});
