/**
 * Task board rules shared by the server (which enforces them) and the client (which only uses
 * them to decide what to show). See docs/decisions/0030-task-board.md.
 */
import type { ActingPerson } from './permissions';
import type { TaskPriority, TaskStatus } from './schemas/tasks';

export interface TaskOwnership {
  createdBy: string | null;
  assignedTo: string | null;
}

/** A task counts as active unless it is completed (SPEC section 4). */
export function isActiveTask(task: { status: TaskStatus }): boolean {
  return task.status !== 'completed';
}

/**
 * Completing and reopening (any status change) is open to everyone with the tasks permission
 * (D9); changing what a task says, when it is due or who does it is for its creator, its
 * assignee, or an admin.
 */
export function canEditTask(task: TaskOwnership, actor: ActingPerson): boolean {
  return actor.role === 'admin' || task.createdBy === actor.id || task.assignedTo === actor.id;
}

/** Deleting removes it for everyone: its creator or an admin only. */
export function canDeleteTask(task: TaskOwnership, actor: ActingPerson): boolean {
  return actor.role === 'admin' || task.createdBy === actor.id;
}

/** True when an update touches nothing but the status (the checkbox, or the status picker). */
export function isStatusOnlyChange(patch: Record<string, unknown>): boolean {
  return Object.entries(patch).every(([key, value]) => key === 'status' || value === undefined);
}

/** Where the checkbox takes a task: completed, or back to pending when reopened. */
export function toggledStatus(status: TaskStatus): TaskStatus {
  return status === 'completed' ? 'pending' : 'completed';
}

/** An active task whose due date (YYYY-MM-DD) lies before today's date (YYYY-MM-DD, local). */
export function isOverdue(task: { status: TaskStatus; dueDate: string | null }, today: string): boolean {
  return isActiveTask(task) && task.dueDate !== null && task.dueDate < today;
}

/**
 * How a priority and a status read on every screen (the board, its dialog, the dashboard, a
 * partner's open tasks): the stored keys ('high', 'in-progress') are SPEC.md's data, not words
 * to show (issue 27 item 8).
 */
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  completed: 'Completed',
};
