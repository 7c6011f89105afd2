import type { DataElement } from '../engine/types';
import { pageDataElements } from './page';

export const dataElements: DataElement[] = [...pageDataElements];
