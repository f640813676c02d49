import { getTemplate, getUiOptions, type ArrayFieldItemTemplateProps, type IconButtonProps, type TemplatesType } from '@rjsf/utils';

/**
 * The entries of a list in a form: each entry's buttons (Up, Down, Duplicate, Remove) in a row under it, inside the
 * form's column (rjsf's default puts them beside the entry, past the column's edge), with words on them.
 */
function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, className, buttonsProps, hasToolbar, registry, uiSchema } = props;
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  const named = uiSchema?.['ui:title'];
  return (
    <div className={className}>
      {children}
      {hasToolbar && (
        <div className="array-item-toolbox" role="group" aria-label={typeof named === 'string' && named ? `Arrange ${named}` : 'Arrange this entry'}>
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

/** A list button with words on it (rjsf's default draws icon fonts this editor does not load). */
function textButton(words: string, className = '', after?: (id: string | undefined) => void) {
  return function TextButton(props: IconButtonProps) {
    const { icon: _icon, iconType: _iconType, registry: _registry, uiSchema: _uiSchema, className: extra, title: _title, onClick, ...rest } = props;
    void _icon; void _iconType; void _registry; void _uiSchema; void _title;
    return (
      <button type="button" {...rest} className={`${extra ?? ''} ${className}`.trim()} onClick={(event) => {
        onClick?.(event);
        after?.(rest.id);
      }}>{words}</button>
    );
  };
}

/**
 * After Remove, the focus goes to the list (root_items for the button root_items_0__remove), not to the next
 * entry's Remove button, which a second Enter would press.
 */
function focusListOf(buttonId: string | undefined) {
  const listId = buttonId?.replace(/_\d+__remove$/, '');
  requestAnimationFrame(() => {
    const list = listId ? document.getElementById(listId) : null;
    if (!list) return;
    list.tabIndex = -1;
    list.focus();
  });
}

export const listTemplates: Partial<TemplatesType> = {
  ArrayFieldItemTemplate,
  ButtonTemplates: {
    AddButton: textButton('Add one'),
    CopyButton: textButton('Duplicate'),
    MoveUpButton: textButton('Up'),
    MoveDownButton: textButton('Down'),
    RemoveButton: textButton('Remove', 'danger', focusListOf),
  } as TemplatesType['ButtonTemplates'],
};
