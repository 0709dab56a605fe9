import { Textarea, type TextareaProps } from "@mantine/core";

type CountedTextareaProps = Omit<TextareaProps, "maxLength" | "value" | "description"> & {
  value: string;
  /** The most characters it takes; the counter reads "n/max" as one types. */
  max: number;
};

/** A message box with a live "n/1000" counter under it; it takes no more than `max` characters. */
export function CountedTextarea({ value, max, styles, ...props }: CountedTextareaProps) {
  const full = value.length >= max;
  return (
    <Textarea
      autosize
      minRows={4}
      maxRows={12}
      {...props}
      value={value}
      maxLength={max}
      description={`${value.length}/${max}`}
      inputWrapperOrder={["label", "input", "description", "error"]}
      styles={{
        description: {
          textAlign: "right",
          fontVariantNumeric: "tabular-nums",
          marginTop: 4,
          color: full ? "var(--mantine-color-error)" : undefined,
        },
        ...(typeof styles === "object" ? styles : {}),
      }}
    />
  );
}
