import { describe, expect, it } from 'vitest';
import { isCalendarDate, partnerListQuerySchema, partnerSchema } from './partners';

const valid = { name: 'Grace Church', email: 'office@grace.example' };

function firstMessage(input: unknown): string | undefined {
  const result = partnerSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('partnerSchema (SPEC.md section 5 "Partner form")', () => {
  it('accepts name and email alone, with defaults and nulls for the rest', () => {
    expect(partnerSchema.parse(valid)).toEqual({
      name: 'Grace Church',
      email: 'office@grace.example',
      phone: null,
      location: null,
      status: 'active',
      coordinator: null,
      notes: null,
      zone: null,
      cardholderStatus: false,
    });
  });

  it('trims every text and stores empty optional fields as null', () => {
    const parsed = partnerSchema.parse({
      name: '  Grace Church ',
      email: ' office@grace.example ',
      phone: '   ',
      location: '',
      coordinator: ' ',
      notes: '',
      zone: ' North ',
    });
    expect(parsed).toMatchObject({
      name: 'Grace Church',
      email: 'office@grace.example',
      phone: null,
      location: null,
      coordinator: null,
      notes: null,
      zone: 'North',
    });
  });

  it('keeps every field when given', () => {
    const full = {
      name: 'Esther Kim',
      email: 'esther@example.com',
      phone: '(555) 0100-1000',
      location: 'Lubbock, TX',
      status: 'inactive',
      coordinator: 'Sarah Johnson',
      notes: 'Prefers email.',
      zone: 'West',
      cardholderStatus: true,
    };
    expect(partnerSchema.parse(full)).toEqual(full);
  });

  it('drops a last contact: it follows from the contact log (issue 20)', () => {
    expect(partnerSchema.parse({ ...valid, lastContact: '2024-02-29' })).not.toHaveProperty('lastContact');
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, name: '   ' }, 'Name is required'],
    [{ email: valid.email }, 'Name is required'],
    [{ ...valid, name: null }, 'Name is required'],
    [{ ...valid, email: '' }, 'Invalid email address'],
    [{ name: valid.name }, 'Invalid email address'],
    [{ ...valid, email: 'not-an-email' }, 'Invalid email address'],
    [{ ...valid, email: 'a@b' }, 'Invalid email address'],
    [{ ...valid, status: 'archived' }, 'Status must be active or inactive'],
    [{ ...valid, cardholderStatus: 'yes' }, 'Cardholder status must be true or false'],
  ])('refuses %j with %j', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('reports the name before the email when both are missing', () => {
    expect(firstMessage({ name: '', email: '' })).toBe('Name is required');
  });

  describe.each([
    ['name', 100, 'Name must be 100 characters or less'],
    ['phone', 20, 'Phone must be 20 characters or less'],
    ['location', 200, 'Location must be 200 characters or less'],
    ['coordinator', 100, 'Coordinator must be 100 characters or less'],
    ['notes', 1000, 'Notes must be 1000 characters or less'],
    ['zone', 100, 'Zone must be 100 characters or less'],
  ])('%s limit %i', (field, max, message) => {
    it(`accepts exactly ${max} characters`, () => {
      expect(firstMessage({ ...valid, [field]: 'x'.repeat(max) })).toBeUndefined();
    });
    it(`refuses ${max + 1} characters`, () => {
      expect(firstMessage({ ...valid, [field]: 'x'.repeat(max + 1) })).toBe(message);
    });
    it('counts after trimming', () => {
      expect(firstMessage({ ...valid, [field]: ` ${'x'.repeat(max)} ` })).toBeUndefined();
    });
  });

  it('email limit 255: accepts 255 characters, refuses 256', () => {
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(7)}`;
    expect(at255).toHaveLength(255);
    expect(firstMessage({ ...valid, email: at255 })).toBeUndefined();
    const at256 = `${at255.slice(0, -1)}ee`;
    expect(firstMessage({ ...valid, email: at256 })).toBe('Email must be 255 characters or less');
  });
});

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2025-12-31', '2000-01-01'])('accepts %s', (d) => expect(isCalendarDate(d)).toBe(true));
  it.each(['2025-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-1-1', 'today', ''])('refuses %j', (d) =>
    expect(isCalendarDate(d)).toBe(false),
  );
});

describe('partnerListQuerySchema', () => {
  it('treats empty parameters as absent', () => {
    expect(
      partnerListQuerySchema.parse({ q: '', status: '', zone: '', cardholder: '', cursor: '', limit: '' }),
    ).toEqual({});
  });

  it('reads filters and a page size', () => {
    expect(
      partnerListQuerySchema.parse({ q: ' kim ', status: 'active', zone: 'West', cardholder: 'true', limit: '20' }),
    ).toEqual({ q: 'kim', status: 'active', zone: 'West', cardholder: 'true', limit: 20 });
  });

  it.each([
    [{ status: 'archived' }, 'Unknown status filter'],
    [{ cardholder: 'maybe' }, 'Unknown cardholder filter'],
    [{ limit: '0' }, 'Invalid page size'],
    [{ limit: '101' }, 'Invalid page size'],
    [{ limit: 'ten' }, 'Invalid page size'],
    [{ q: 'x'.repeat(201) }, 'Search must be 200 characters or less'],
  ])('refuses %j', (query, message) => {
    const result = partnerListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
