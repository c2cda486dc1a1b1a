export { SearchCombobox, type SearchComboboxProps } from './search-combobox';
export {
  AirportPicker,
  CountryPicker,
  CurrencyPicker,
  OceanPortPicker,
  TimeZonePicker,
  airportLabel,
  countryLabel,
  oceanPortLabel,
} from './pickers';
export {
  placeListQueries,
  useAirports,
  useOceanPorts,
  loadPlaceRows,
  type PlaceKind,
  type PlaceList,
} from './place-lists';
export { PickerField } from './picker-field';
export { ContactPicker, contactPickerQuery, useContactNames, type PickedContact } from './contact-picker';
export { CurrencyTimeZoneFields } from './currency-time-zone-fields';
