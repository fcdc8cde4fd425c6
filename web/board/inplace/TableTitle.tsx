/**
 * A table's title. An empty one is still there to double-click: a strip above the table, drawn
 * only while the table is selected (a selected item shows what lies outside its box), that says
 * where a title goes; a double-click on it edits the title in place like any other part.
 */
export function TableTitle({ title }: { title: string }) {
  if (title)
    return (
      <div class="table-title" data-part="title">
        {title}
      </div>
    );
  return (
    <div class="table-title empty" data-part="title" aria-hidden="true">
      Add a title
    </div>
  );
}
