import { Select, type SelectProps } from "@mantine/core";
import { oneOf } from "../../lib/use-list-query";

interface FilterSelectProps<V extends string> extends Omit<SelectProps, "data" | "value" | "onChange"> {
  /** The values the filter may take, each with its label. */
  options: readonly { value: V; label: string }[];
  /** The chosen value; undefined shows the placeholder ("Every mood"). */
  value: V | undefined;
  /** The value chosen, or undefined once cleared. */
  onChange: (value: V | undefined) => void;
}

/**
 * One filter of a list: a select of its options (the label or `aria-label`, a placeholder naming
 * "every" value), clearable, answering one of the options' values or undefined.
 */
export function FilterSelect<V extends string>({ options, value, onChange, ...props }: FilterSelectProps<V>) {
  return (
    <Select
      clearable
      {...props}
      data={options}
      value={value ?? null}
      onChange={(chosen) =>
        onChange(
          oneOf(
            options.map((option) => option.value),
            chosen,
          ),
        )
      }
    />
  );
}
