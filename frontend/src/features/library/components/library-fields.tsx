import type { LibraryFamilyNode } from '@btp/shared/entities/library';
import { resourceTypeLabels, resourceTypes, vatRateLabels, vatRates } from '@btp/shared/enums';
import { AutoComplete, Select, type SelectProps } from 'antd';
import { useState } from 'react';

import { useFamilies } from '../../../api/library/list-families';
import { useSuppliersList } from '../../../api/suppliers/list-suppliers';
import { matches, useRecordOptions, type RecordOption } from '../../../components/record-options';

export const resourceTypeOptions = resourceTypes.map((value) => ({
  value,
  label: resourceTypeLabels[value],
}));
export const vatRateOptions = vatRates.map((value) => ({ value, label: vatRateLabels[value] }));

/** Every family path of the tree, depth first: "Gros œuvre", "Gros œuvre › Béton"… */
export function familyPaths(nodes: readonly LibraryFamilyNode[]): string[] {
  return nodes.flatMap((node) => [node.path, ...familyPaths(node.children)]);
}

/**
 * 'Famille': a text ("Gros œuvre › Béton") with the company's families offered as one types, so
 * that a new family is typed once and the known ones are picked.
 */
export function FamilyInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const families = useFamilies();
  const [typed, setTyped] = useState('');
  const options = familyPaths(families.data ?? [])
    .filter((path) => matches(path, typed))
    .slice(0, 20)
    .map((path) => ({ value: path }));
  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      placeholder="Gros œuvre › Maçonnerie"
      onSearch={setTyped}
      onChange={(next: string) => onChange?.(next)}
    />
  );
}

/** 'Fournisseur': the company's suppliers, found by the server's search as one types. */
export function SupplierSelect(props: SelectProps<string, RecordOption>) {
  const search = useRecordOptions(
    useSuppliersList,
    (supplier) => ({ value: supplier.id, label: supplier.name }),
    props.value ?? undefined,
  );
  return (
    <Select<string, RecordOption>
      allowClear
      placeholder="Aucun fournisseur"
      {...props}
      showSearch={search.searchProps}
      onOpenChange={search.onOpenChange}
      onSelect={search.onSelect}
      options={search.options}
      loading={search.loading}
    />
  );
}
