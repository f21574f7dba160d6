// Templates: stored subject/body pairs with {{variables}}, their previews and the internal render call.
import { type Static, Type } from '@sinclair/typebox';

/** Limits the templates service enforces (the web form can use them too). */
export const TEMPLATE_LIMITS = {
  nameMaxChars: 200,
  /** RFC 5322 line length limit. */
  subjectMaxChars: 998,
  bodyMaxBytes: 1_048_576,
} as const;

export const DEFAULT_TEMPLATE_CATEGORY = 'general';

export const TEMPLATE_MESSAGES = {
  name: `Template name must be 1 to ${TEMPLATE_LIMITS.nameMaxChars} characters`,
  subject: `Template subject must be 1 to ${TEMPLATE_LIMITS.subjectMaxChars} characters`,
  subjectLineBreak: 'Template subject must be a single line',
  body: 'Template body must be 1 byte to 1 MB',
  category: 'Template category must be 1 to 50 characters',
  notFound: 'Template not found',
  deleted: 'Template deleted',
} as const;

export const Template = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  category: Type.String(),
  /** Placeholder names in subject then body, distinct, first-seen order. */
  variables: Type.Array(Type.String()),
  /** Emails sent with this template carry RFC 8058 one-click unsubscribe headers (issue 21). */
  unsubscribe: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Template = Static<typeof Template>;

/** POST /templates and PUT /templates/:id. Category is 'general' unless given. */
export const TemplateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.nameMaxChars }),
    subject: Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.subjectMaxChars }),
    body: Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.bodyMaxBytes }),
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    unsubscribe: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TemplateBody = Static<typeof TemplateBody>;

/** A value for one placeholder; null counts as not given. */
export const TemplateVariableValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export const TemplateVariableValues = Type.Record(Type.String(), TemplateVariableValue);
export type TemplateVariableValues = Static<typeof TemplateVariableValues>;

/** POST /templates/:id/preview */
export const PreviewTemplateBody = Type.Object(
  { variables: Type.Optional(TemplateVariableValues) },
  { additionalProperties: false },
);
export type PreviewTemplateBody = Static<typeof PreviewTemplateBody>;

export const TemplatePreview = Type.Object({
  subject: Type.String(),
  body: Type.String(),
  isHtml: Type.Boolean(),
  /** Placeholders without a value; they stay as written in subject and body. */
  missing: Type.Array(Type.String()),
});
export type TemplatePreview = Static<typeof TemplatePreview>;

/** POST /internal/templates/render (mail → templates). Missing variables answer 400 naming them. */
export const RenderTemplateRequest = Type.Object(
  {
    userId: Type.String({ minLength: 1, maxLength: 64 }),
    templateId: Type.String({ minLength: 1, maxLength: 64 }),
    variables: Type.Optional(TemplateVariableValues),
  },
  { additionalProperties: false },
);
export type RenderTemplateRequest = Static<typeof RenderTemplateRequest>;

export const RenderedTemplate = Type.Object({
  subject: Type.String(),
  body: Type.String(),
  isHtml: Type.Boolean(),
  /** The template's placeholder names. */
  variables: Type.Array(Type.String()),
  /** Optional so a templates service built before issue 21 keeps working. */
  unsubscribe: Type.Optional(Type.Boolean()),
});
export type RenderedTemplate = Static<typeof RenderedTemplate>;
