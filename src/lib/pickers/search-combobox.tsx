import { Box, Text, chakra, useRecipe } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { usePickerT } from './strings';

export interface SearchComboboxProps<T> {
  /** The input's id (FormField's label points at it). */
  id?: string;
  name?: string;
  /** Accessible name when no visible label points at `id`. */
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** The chosen row's code; null or empty for none. */
  value: string | null | undefined;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  /** Ranked matches of a term (the shared place-search rule, or the same rule over a small list). */
  search: (term: string) => readonly T[];
  find: (code: string) => T | undefined;
  codeOf: (row: T) => string;
  /** The input's text for a chosen row, e.g. "Rotterdam (NLRTM)". */
  labelOf: (row: T) => string;
  /** A second line in the list, e.g. the country or the city. */
  detailOf?: (row: T) => string;
  placeholder?: string;
  disabled?: boolean;
  /** The list is still loading: say so instead of "no match". */
  loading?: boolean;
  maxResults?: number;
}

/**
 * A text input that searches as you type and offers the best matches in a list (WAI-ARIA combobox with a
 * listbox popup): ↓/↑ move through the matches, Enter chooses, Escape closes and restores the choice,
 * clearing the text and leaving the field chooses nothing. The list shows the first `maxResults` matches
 * in the search's order; the value is the row's code.
 */
export function SearchCombobox<T>({
  id: givenId,
  name,
  value,
  onChange,
  onBlur,
  search,
  find,
  codeOf,
  labelOf,
  detailOf,
  placeholder,
  disabled,
  loading,
  maxResults = 50,
  ...aria
}: SearchComboboxProps<T>) {
  const t = usePickerT();
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const listId = `${id}-listbox`;
  const css = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const chosen = value ? find(value) : undefined;
  const text = typed ?? (chosen ? labelOf(chosen) : (value ?? ''));
  const matches = useMemo(
    () => (open ? search(typed ?? '').slice(0, maxResults) : []),
    [open, typed, search, maxResults],
  );

  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(0);
  };
  const choose = (row: T) => {
    onChange(codeOf(row));
    close();
  };
  const moveTo = (next: number) => {
    const bounded = Math.max(0, Math.min(matches.length - 1, next));
    setActive(bounded);
    listRef.current?.querySelector(`[data-index="${bounded}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else moveTo(active + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveTo(active - 1);
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      const row = matches[active];
      if (row) choose(row);
      else if (typed === '') {
        onChange(null);
        close();
      }
    } else if (event.key === 'Escape') {
      if (open || typed !== null) {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    }
  };

  return (
    <Box position="relative" width="full">
      <chakra.input
        css={css}
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? `${id}-option-${active}` : undefined}
        placeholder={placeholder ?? t('placeholder')}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (typed === '') onChange(null);
          close();
          onBlur?.();
        }}
        {...aria}
      />
      <chakra.ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('matches')}
        hidden={!open}
        position="absolute"
        zIndex="dropdown"
        insetX={0}
        top="calc(100% + 4px)"
        maxHeight="18rem"
        overflowY="auto"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="l2"
        boxShadow="lg"
        listStyleType="none"
        padding={1}
      >
        {open && matches.length === 0 && (
          <Text as="li" role="presentation" padding={2} color="fg.muted" textStyle="sm">
            {loading ? t('loading') : t('noMatch')}
          </Text>
        )}
        {matches.map((row, index) => (
          <chakra.li
            key={codeOf(row)}
            id={`${id}-option-${index}`}
            data-index={index}
            role="option"
            aria-selected={index === active}
            paddingX={2}
            paddingY={1.5}
            borderRadius="l1"
            cursor="pointer"
            bg={index === active ? 'bg.emphasized' : undefined}
            onMouseEnter={() => setActive(index)}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(row);
            }}
          >
            <Text textStyle="sm">{labelOf(row)}</Text>
            {detailOf && (
              <Text textStyle="xs" color="fg.muted">
                {detailOf(row)}
              </Text>
            )}
          </chakra.li>
        ))}
      </chakra.ul>
    </Box>
  );
}
