import type { ReactTable, RowData, TableFeatures } from '@tanstack/react-table';
import type { ReactNode, Ref } from 'react';

interface RowsProps<TFeatures extends TableFeatures, TData extends RowData> {
  table: ReactTable<TFeatures, TData>;
  /** A row's React key: what identifies it in the data (a login, a label, an id). */
  rowKey: (row: TData) => string | number;
  /** A class for a row (a disabled member, a revoked key), or none. */
  rowClassName?: (row: TData) => string | undefined;
}

/** A table's rows, each cell classed by its column (`cell-<id>`), for the column's styles. */
function DataTableBody<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  rowKey,
  rowClassName,
}: RowsProps<TFeatures, TData>) {
  return (
    <tbody>
      {table.getRowModel().rows.map((row) => (
        <tr key={rowKey(row.original)} className={rowClassName?.(row.original)}>
          {row.getAllCells().map((cell) => (
            <td key={cell.id} className={`cell-${cell.column.id}`}>
              <table.FlexRender cell={cell} />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * One of the console's dense tables in its own scroll box (labelled, focusable so that a keyboard
 * can scroll it sideways at 390 px): a header row of its columns, then its rows. `head` stands in
 * for the plain header row (the promotions list's sortable headers).
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({
  label,
  className,
  scrollRef,
  head,
  ...rows
}: RowsProps<TFeatures, TData> & {
  label: string;
  className: string;
  scrollRef?: Ref<HTMLElement>;
  head?: ReactNode;
}) {
  const { table } = rows;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways takes focus to scroll by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={label} ref={scrollRef}>
      <table className={`data-table ${className}`}>
        <thead>
          {head ??
            table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
        </thead>
        <DataTableBody {...rows} />
      </table>
    </section>
  );
}
