import { Classes, FormGroup, HTMLSelect, HTMLTable, Intent } from "@blueprintjs/core";

import { ScrollRegion } from "../../components/ScrollRegion";
import type { SampleRow } from "../../gen/eris/contracts/v1/statements_pb";
import { MAPPING_FIELDS, type Mapping, type MappingField } from "./mapping";
import { COMMISSION_TEXTS, IMPORT_TEXTS, MAPPING_ERRORS, MAPPING_LABELS } from "./texts";

export interface MappingFormProps {
  headers: readonly string[];
  mapping: Mapping;
  onChange: (field: MappingField, header: string) => void;
  /** Whether to mark the required fields left empty (once a preview was asked for). */
  showProblems: boolean;
}

/** The problem shown under a field, if any. */
function fieldProblem(field: MappingField, mapping: Mapping): string | undefined {
  if (field === "accountNumber" && !mapping.accountNumber) {
    return MAPPING_ERRORS.accountNumber;
  }
  if (field === "amount" && !mapping.amount) {
    return MAPPING_ERRORS.amount;
  }
  if (field === "periodStart" || field === "periodMonth") {
    if (!mapping.periodStart && !mapping.periodMonth) {
      return field === "periodStart" ? MAPPING_ERRORS.period : undefined;
    }
    if (mapping.periodStart && mapping.periodMonth) {
      return MAPPING_ERRORS.bothPeriods;
    }
  }
  return undefined;
}

/** One select per figure listing the file's headers (or none). */
export function MappingForm({ headers, mapping, onChange, showProblems }: MappingFormProps) {
  return (
    <fieldset className="eris-commission-mapping">
      <legend>{IMPORT_TEXTS.mapping}</legend>
      <p className={Classes.TEXT_MUTED}>{IMPORT_TEXTS.mappingHelp}</p>
      <div className="eris-commission-mapping-grid">
        {MAPPING_FIELDS.map((field) => {
          const problem = showProblems ? fieldProblem(field, mapping) : undefined;
          const id = `mapping-${field}`;
          return (
            <FormGroup
              key={field}
              label={MAPPING_LABELS[field]}
              labelFor={id}
              intent={problem ? Intent.DANGER : Intent.NONE}
              helperText={problem}
            >
              <HTMLSelect
                id={id}
                fill
                value={mapping[field]}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => onChange(field, e.currentTarget.value)}
              >
                <option value="">{COMMISSION_TEXTS.none}</option>
                {headers.map((header, i) => (
                  <option key={i} value={header}>
                    {header}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          );
        })}
      </div>
    </fieldset>
  );
}

export interface SampleRowsProps {
  headers: readonly string[];
  rows: readonly SampleRow[];
}

/** The file's first rows under the mapping, so that each column can be recognised. */
export function SampleRows({ headers, rows }: SampleRowsProps) {
  return (
    <ScrollRegion className="eris-commission-scroll" label={IMPORT_TEXTS.sampleRows}>
      <HTMLTable compact striped className="eris-commission-table" aria-label={IMPORT_TEXTS.sampleRows}>
        <thead>
          <tr>
            {headers.map((header, j) => (
              <th key={j}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {headers.map((_, j) => (
                <td key={j}>{row.cells[j] ?? ""}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ScrollRegion>
  );
}
