import { describe, expect, it } from 'vitest';
import { createTaskSchema, updateTaskSchema } from './tasks';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('createTaskSchema', () => {
  it('fills in defaults and turns empty optional text into null', () => {
    expect(createTaskSchema.parse({ title: ' Call Ruth ', description: '', dueDate: '', assignedTo: '' })).toEqual({
      title: 'Call Ruth',
      description: null,
      priority: 'medium',
      dueDate: null,
      assignedTo: null,
      status: 'pending',
      partnerId: null,
    });
  });

  it('keeps what was given', () => {
    const input = {
      title: 'Plan',
      description: 'Venue',
      priority: 'high',
      dueDate: '2031-02-28',
      assignedTo: 'u1',
      status: 'completed',
      partnerId: '2b1c7a52-5d0e-4c55-9a3e-0d6f3c1b2a10',
    };
    expect(createTaskSchema.parse(input)).toEqual(input);
  });

  it('refuses a follow-up partner that is not an id (issue 20)', () => {
    expect(firstMessage(createTaskSchema.safeParse({ title: 'Call', partnerId: 'Ruth' }))).toBe('Partner not found');
  });

  it('names the first problem in field order', () => {
    expect(firstMessage(createTaskSchema.safeParse({ title: '', priority: 'urgent' }))).toBe(
      'Please enter a task title',
    );
    expect(firstMessage(createTaskSchema.safeParse({ title: 'x', priority: 'urgent', dueDate: 'soon' }))).toBe(
      'Please choose a priority: high, medium or low',
    );
    expect(firstMessage(createTaskSchema.safeParse({ title: 'x', dueDate: '2031-02-29' }))).toBe(
      'Please enter a valid due date',
    );
    expect(firstMessage(createTaskSchema.safeParse({ title: 'x', dueDate: '2032-02-29' }))).toBeUndefined();
  });
});

describe('updateTaskSchema', () => {
  it('leaves absent fields absent, so a status change touches nothing else', () => {
    expect(updateTaskSchema.parse({ status: 'completed' })).toEqual({ status: 'completed' });
  });

  it('clears optional fields sent empty', () => {
    expect(updateTaskSchema.parse({ description: '', dueDate: '', assignedTo: '' })).toEqual({
      description: null,
      dueDate: null,
      assignedTo: null,
    });
  });

  it('refuses a change of nothing', () => {
    expect(firstMessage(updateTaskSchema.safeParse({}))).toBe('Please change at least one field');
    expect(firstMessage(updateTaskSchema.safeParse({ title: undefined }))).toBe('Please change at least one field');
  });
});
