import { BarChart3, FilePlus2, Send, type LucideIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { DiscardChangesDialog } from '@/components/confirm-action';
import { PageHeader } from '@/components/page-header';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { SavedForm } from '../api/get-forms';
import { FormBuilder } from './form-builder';
import { ResponsesPanel } from './responses-panel';
import { SavedForms } from './saved-forms';
import { SendForm } from './send-form';

type Panel = 'create' | 'send' | 'responses';

/** /forms 'More Features': the form builder, Send to Partners, View Responses, and the team's forms. */
export function FormsPage() {
  const [panel, setPanel] = useState<Panel>('create');
  const [editing, setEditing] = useState<SavedForm | null>(null);
  const [responsesOf, setResponsesOf] = useState<string | null>(null);
  // Edit Form's changes not saved yet; opening another form (or a new one) would drop them.
  const [editUnsaved, setEditUnsaved] = useState(false);
  const [dropEdit, setDropEdit] = useState<(() => void) | null>(null);
  const leaveEditor = (then: () => void, opening?: SavedForm) => {
    if (editing && editUnsaved && editing.id !== opening?.id) setDropEdit(() => then);
    else then();
  };
  const stopEditing = () => {
    setEditing(null);
    setEditUnsaved(false);
  };

  // The editor opens at the top of the page, far above the Edit button pressed: its title field
  // takes the focus (the focus stayed on the button, below the list).
  const editor = useRef<HTMLDivElement>(null);
  const edit = (form: SavedForm) =>
    leaveEditor(() => {
      // Another form's builder mounts afresh and reports its own state.
      setEditing(form);
      setPanel('create');
      window.scrollTo({ top: 0 });
      void focusWhenDrawn(() =>
        editor.current?.dataset.formId === form.id ? editor.current.querySelector('input') : null,
      );
    }, form);
  // Saved, cancelled or closed, the editor goes with its buttons: the focus goes back to the
  // form's Edit button in Team Forms.
  const doneEditing = () => {
    const formId = editing?.id;
    stopEditing();
    void focusWhenDrawn(() => document.querySelector<HTMLElement>(`button[data-edit-form="${formId}"]`));
  };
  // The empty lists' "Create a form": the builder, its title ready for typing.
  const builder = useRef<HTMLDivElement>(null);
  const create = () =>
    leaveEditor(() => {
      stopEditing();
      setPanel('create');
      requestAnimationFrame(() => {
        builder.current?.scrollIntoView({ block: 'start' });
        builder.current?.querySelector('input')?.focus();
      });
    });
  const showResponses = (formId: string) => {
    setResponsesOf(formId);
    setPanel('responses');
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader title="More Features" description="Create forms and share them with your partners" />
      {/* Side by side only when the screen has 672 px, not the window: beside the sidebar on a
          tablet three cards had about 150 px each, and "View Responses" ran out of its card. */}
      <div className="@container mb-8">
        <div className="grid gap-4 @2xl:grid-cols-3" role="group" aria-label="Form tools">
          <FeatureCard
            icon={FilePlus2}
            title="Create Form"
            description="Build a custom form"
            pressed={panel === 'create'}
            onClick={() => setPanel('create')}
          />
          <FeatureCard
            icon={Send}
            title="Send to Partners"
            description="Share a form by email"
            pressed={panel === 'send'}
            onClick={() => setPanel('send')}
          />
          <FeatureCard
            icon={BarChart3}
            title="View Responses"
            description="See how partners answered"
            pressed={panel === 'responses'}
            onClick={() => setPanel('responses')}
          />
        </div>
      </div>
      <div className="space-y-8">
        {/* All stay mounted, so a half-built form survives a look at another panel or an edit. */}
        <div hidden={panel !== 'create' || editing !== null} ref={builder}>
          <FormBuilder />
        </div>
        {editing && (
          <div hidden={panel !== 'create'} ref={editor} data-form-id={editing.id}>
            <FormBuilder key={editing.id} editing={editing} onDone={doneEditing} onUnsavedChange={setEditUnsaved} />
          </div>
        )}
        <div hidden={panel !== 'send'}>
          <SendForm />
        </div>
        {panel === 'responses' && <ResponsesPanel formId={responsesOf} onPick={setResponsesOf} onCreate={create} />}
        <SavedForms onEdit={edit} onResponses={showResponses} onCreate={create} />
      </div>
      <DiscardChangesDialog
        open={dropEdit !== null}
        onOpenChange={(open) => !open && setDropEdit(null)}
        description={`Your changes to ${editing?.title ?? 'this form'} have not been saved.`}
        onConfirm={() => {
          dropEdit?.();
          setDropEdit(null);
        }}
      />
    </>
  );
}

function FeatureCard({
  icon: Icon,
  title,
  description,
  pressed,
  onClick,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <Card
      className={cn(
        'transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        pressed && 'border-primary',
      )}
    >
      <button
        type="button"
        className="h-full w-full rounded-xl text-left focus-visible:outline-none"
        aria-pressed={pressed}
        onClick={onClick}
      >
        <CardContent className="flex items-center gap-4 p-6">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <span>
            <span className="block font-semibold">{title}</span>
            <span className="block text-sm text-muted-foreground">{description}</span>
          </span>
        </CardContent>
      </button>
    </Card>
  );
}
