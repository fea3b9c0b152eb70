import { type ColumnDef, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable } from '../../ui/data-table.tsx';

const features = tableFeatures({});

/** A column of a read-only record table: its id (the cell's class), its header and its cell. */
export interface RecordColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * One of the support view's dense, read-only tables (a player's ledger, spins, tickets...): a
 * heading, its rows in the console's table, or its empty sentence.
 */
export function RecordTable<T extends RowData>({
  title,
  empty,
  rows,
  columns,
  rowKey,
  rowClassName,
}: {
  title: string;
  empty: string;
  rows: readonly T[];
  columns: readonly RecordColumn<T>[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
}) {
  const table = useTable({
    features,
    columns: columns.map(
      (column): ColumnDef<typeof features, T> => ({
        id: column.id,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
      }),
    ),
    data: rows as T[],
  });
  return (
    <section className="record-section">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <DataTable
          table={table}
          label={title}
          className="record-table"
          rowKey={rowKey}
          {...(rowClassName ? { rowClassName } : {})}
        />
      )}
    </section>
  );
}
