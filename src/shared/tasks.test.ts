import { describe, expect, it } from 'vitest';
import { TASK_PRIORITIES, TASK_STATUSES } from './schemas/tasks';
import {
  canDeleteTask,
  canEditTask,
  isActiveTask,
  isOverdue,
  isStatusOnlyChange,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  toggledStatus,
} from './tasks';

const admin = { id: 'admin-1', role: 'admin' as const };
const creator = { id: 'creator-1', role: 'coordinator' as const };
const assignee = { id: 'assignee-1', role: 'coordinator' as const };
const other = { id: 'other-1', role: 'coordinator' as const };
const task = { createdBy: creator.id, assignedTo: assignee.id };

describe('task rules', () => {
  it('counts a task as active unless it is completed', () => {
    expect(isActiveTask({ status: 'pending' })).toBe(true);
    expect(isActiveTask({ status: 'in-progress' })).toBe(true);
    expect(isActiveTask({ status: 'completed' })).toBe(false);
  });

  it('lets the creator, the assignee and admins edit, and no one else', () => {
    expect(canEditTask(task, creator)).toBe(true);
    expect(canEditTask(task, assignee)).toBe(true);
    expect(canEditTask(task, admin)).toBe(true);
    expect(canEditTask(task, other)).toBe(false);
    // A task whose creator and assignee were deleted is left to admins.
    expect(canEditTask({ createdBy: null, assignedTo: null }, other)).toBe(false);
    expect(canEditTask({ createdBy: null, assignedTo: null }, admin)).toBe(true);
  });

  it('lets the creator and admins delete, not the assignee', () => {
    expect(canDeleteTask(task, creator)).toBe(true);
    expect(canDeleteTask(task, admin)).toBe(true);
    expect(canDeleteTask(task, assignee)).toBe(false);
    expect(canDeleteTask(task, other)).toBe(false);
  });

  it('recognises a change of status alone', () => {
    expect(isStatusOnlyChange({ status: 'completed' })).toBe(true);
    expect(isStatusOnlyChange({ status: 'pending', title: undefined })).toBe(true);
    expect(isStatusOnlyChange({ status: 'pending', title: 'New title' })).toBe(false);
    expect(isStatusOnlyChange({ description: null })).toBe(false);
    expect(isStatusOnlyChange({ assignedTo: null, status: 'completed' })).toBe(false);
  });

  it('toggles to completed, and reopens to pending', () => {
    expect(toggledStatus('pending')).toBe('completed');
    expect(toggledStatus('in-progress')).toBe('completed');
    expect(toggledStatus('completed')).toBe('pending');
  });

  it('calls an active task overdue only after its due date', () => {
    const today = '2031-03-05';
    expect(isOverdue({ status: 'pending', dueDate: '2031-03-04' }, today)).toBe(true);
    expect(isOverdue({ status: 'pending', dueDate: '2031-03-05' }, today)).toBe(false);
    expect(isOverdue({ status: 'in-progress', dueDate: '2030-12-31' }, today)).toBe(true);
    expect(isOverdue({ status: 'completed', dueDate: '2031-03-04' }, today)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: null }, today)).toBe(false);
  });
});

describe('task labels (issue 27 item 8)', () => {
  it('reads each priority and status as words, not as the stored key', () => {
    expect(TASK_PRIORITIES.map((p) => TASK_PRIORITY_LABELS[p])).toEqual(['High', 'Medium', 'Low']);
    expect(TASK_STATUSES.map((s) => TASK_STATUS_LABELS[s])).toEqual(['Pending', 'In progress', 'Completed']);
  });
});
