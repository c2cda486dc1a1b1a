import { Flex, chakra } from '@chakra-ui/react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A set of ids as checkboxes (a contact's business types and tags), bound to an array field of a form:
 * a fieldset whose legend names the set, so each box is found by its group and label.
 */
export function IdChecklist<V extends FieldValues>({
  control,
  name,
  label,
  options,
}: {
  control: Control<V, unknown, never> | Control<V>;
  name: Path<V>;
  label: string;
  options: { id: string; label: string; color?: string }[];
}) {
  return (
    <Controller
      control={control as Control<V>}
      name={name}
      render={({ field }) => {
        const value = (field.value as string[] | undefined) ?? [];
        return (
          <chakra.fieldset>
            <chakra.legend textStyle="sm" fontWeight="medium" marginBottom={1.5}>
              {label}
            </chakra.legend>
            <Flex gap={3} wrap="wrap">
              {options.map((option) => (
                <chakra.label key={option.id} display="flex" alignItems="center" gap={1.5} textStyle="sm">
                  <chakra.input
                    type="checkbox"
                    width="4"
                    height="4"
                    checked={value.includes(option.id)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked ? [...value, option.id] : value.filter((id) => id !== option.id),
                      )
                    }
                  />
                  {option.color && (
                    <chakra.span width="2.5" height="2.5" borderRadius="full" bg={option.color} aria-hidden="true" />
                  )}
                  {option.label}
                </chakra.label>
              ))}
            </Flex>
          </chakra.fieldset>
        );
      }}
    />
  );
}
