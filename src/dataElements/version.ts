/** The tag runtime's version and build date (requirements PRD-2), in one place for the runtime and the data elements. */
export const LIBRARY_VERSION = '28.0.0';
export const LIBRARY_BUILD_DATE = '2025-09-17';
