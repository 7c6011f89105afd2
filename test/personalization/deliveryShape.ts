/**
 * A check of a delivery request body against the Target delivery API (v1) request model, as
 * published in `@adobe/target-tools/delivery-api-client` (which ships types only, no
 * validators): every key must be one the model has, with the model's type. Returns the
 * problems, as `path: what`; an empty list means the body fits.
 */
type Shape = 'string' | 'number' | 'boolean' | 'stringMap' | { [key: string]: Shape } | [Shape];

const details: Record<string, Shape> = {
  parameters: 'stringMap',
  profileParameters: 'stringMap',
  order: { id: 'string', total: 'number', purchasedProductIds: ['string'] },
  product: { id: 'string', categoryId: 'string' },
  address: { url: 'string', referringUrl: 'string' },
};
const mbox: Shape = { ...details, index: 'number', name: 'string' };

const request: Shape = {
  requestId: 'string',
  impressionId: 'string',
  environmentId: 'number',
  context: {
    channel: 'string',
    screen: { width: 'number', height: 'number', colorDepth: 'number', pixelRatio: 'number', orientation: 'string' },
    window: { width: 'number', height: 'number' },
    browser: { host: 'string', language: 'string', webGLRenderer: 'string' },
    address: { url: 'string', referringUrl: 'string' },
    geo: { ipAddress: 'string', latitude: 'number', longitude: 'number', countryCode: 'string', stateCode: 'string', city: 'string', zip: 'string' },
    timeOffsetInMinutes: 'number',
    userAgent: 'string',
    clientHints: {
      mobile: 'boolean',
      model: 'string',
      platform: 'string',
      platformVersion: 'string',
      browserUAWithMajorVersion: 'string',
      browserUAWithFullVersion: 'string',
      architecture: 'string',
      bitness: 'string',
    },
    beacon: 'boolean',
  },
  id: {
    tntId: 'string',
    thirdPartyId: 'string',
    marketingCloudVisitorId: 'string',
    customerIds: [{ id: 'string', integrationCode: 'string', authenticatedState: 'string' }],
  },
  property: { token: 'string' },
  trace: { authorizationToken: 'string' },
  experienceCloud: {
    audienceManager: { locationHint: 'number', blob: 'string' },
    analytics: { supplementalDataId: 'string', logging: 'string', trackingServer: 'string', trackingServerSecure: 'string' },
  },
  execute: { pageLoad: details, mboxes: [mbox] },
  prefetch: { pageLoad: details, views: [{ ...details, name: 'string', key: 'string' }], mboxes: [mbox] },
  notifications: [
    {
      ...details,
      id: 'string',
      impressionId: 'string',
      type: 'string',
      timestamp: 'number',
      tokens: ['string'],
      mbox: { name: 'string', state: 'string' },
      view: { name: 'string', key: 'string', state: 'string' },
      pageLoad: { state: 'string' },
    },
  ],
  qaMode: {
    token: 'string',
    listedActivitiesOnly: 'boolean',
    evaluateAsTrueAudienceIds: ['number'],
    evaluateAsFalseAudienceIds: ['number'],
    previewIndexes: [{ activityIndex: 'number', experienceIndex: 'number' }],
  },
  preview: { token: 'string' },
  telemetry: {
    entries: [
      {
        requestId: 'string',
        timestamp: 'number',
        mode: 'string',
        execution: 'number',
        parsing: 'number',
        features: {
          decisioningMethod: 'string',
          executeMboxCount: 'number',
          executePageLoad: 'boolean',
          prefetchMboxCount: 'number',
          prefetchPageLoad: 'boolean',
          prefetchViewCount: 'number',
        },
        request: { dns: 'number', tls: 'number', timeToFirstByte: 'number', download: 'number', responseSize: 'number' },
        telemetryServerToken: 'string',
      },
    ],
  },
};

const ENUMS: Record<string, string[]> = {
  'context.channel': ['web', 'mobile'],
  'context.screen.orientation': ['portrait', 'landscape'],
  'experienceCloud.analytics.logging': ['server_side', 'client_side'],
  'notifications[].type': ['display', 'click'],
  'id.customerIds[].authenticatedState': ['unknown', 'authenticated', 'logged_out'],
  'telemetry.entries[].mode': ['edge', 'local'],
  'telemetry.entries[].features.decisioningMethod': ['server-side', 'on-device', 'hybrid'],
};

function check(value: unknown, shape: Shape, path: string, problems: string[]): void {
  const at = path || '(body)';
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return void problems.push(`${at}: not an array`);
    value.forEach((item) => check(item, shape[0], `${path}[]`, problems));
    return;
  }
  if (typeof shape === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return void problems.push(`${at}: not an object`);
    for (const [key, item] of Object.entries(value)) {
      const child = shape[key];
      if (!child) problems.push(`${path ? `${path}.` : ''}${key}: not in the delivery API`);
      else check(item, child, path ? `${path}.${key}` : key, problems);
    }
    return;
  }
  if (shape === 'stringMap') {
    if (typeof value !== 'object' || value === null) return void problems.push(`${at}: not an object`);
    for (const [key, item] of Object.entries(value)) if (typeof item !== 'string') problems.push(`${at}.${key}: not a string`);
    return;
  }
  if (typeof value !== shape) return void problems.push(`${at}: not a ${shape}`);
  const allowed = ENUMS[path];
  if (allowed && !allowed.includes(String(value))) problems.push(`${at}: ${String(value)} is not one of ${allowed.join(', ')}`);
}

export function deliveryRequestProblems(body: unknown): string[] {
  const problems: string[] = [];
  check(body, request, '', problems);
  const b = body as { context?: unknown } | null;
  if (!b || typeof b !== 'object' || !b.context) problems.push('context: required');
  // The model's required fields of a customer id.
  const customerIds = (b as { id?: { customerIds?: unknown } } | null)?.id?.customerIds;
  if (Array.isArray(customerIds)) {
    customerIds.forEach((customer: Record<string, unknown> | null, i) => {
      for (const key of ['id', 'integrationCode', 'authenticatedState']) if (!customer?.[key]) problems.push(`id.customerIds[${i}].${key}: required`);
    });
  }
  return problems;
}
