import { getOption, type DescEnum } from "@bufbuild/protobuf";

import { label } from "../gen/eris/common/v1/labels_pb";

/**
 * A vocabulary's labels ("B&E", "True-up"), in the order of its proto enum, where each value names
 * its label once (the `eris.common.v1.label` option); the unlabelled "none" value is left out.
 */
export function labelsOf(vocabulary: DescEnum): readonly string[] {
  return vocabulary.values.map((value) => getOption(value, label)).filter((text) => text !== "");
}

/** One value's label; empty for a value the enum does not label (or does not have). */
export function labelOf(vocabulary: DescEnum, value: number): string {
  const described = vocabulary.value[value];
  return described ? getOption(described, label) : "";
}
