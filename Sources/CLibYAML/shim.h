#include <yaml.h>
#include <string.h>

/* One event as Swift reads it: libyaml's event without its union, its texts as pointers and
   lengths (not NUL-terminated), into libyaml's event or, in the pipeline, into a chunk's bytes. */
typedef struct {
    yaml_event_type_t type;
    yaml_scalar_style_t style;
    yaml_mark_t start_mark;
    yaml_mark_t end_mark;
    /* A scalar's text, or an alias's anchor name; NULL for other events. */
    const unsigned char *value;
    size_t length;
    /* Copies, or NULL when the event has none. */
    const unsigned char *anchor;
    size_t anchor_length;
    const unsigned char *tag;
    size_t tag_length;
} rc_yaml_event;

enum { RC_CHUNK_FULL = 0, RC_STREAM_END = 1, RC_ERROR = 2, RC_TOO_LARGE = 3 };

/* `event` as a view: its kind, style, marks and texts, pointing into libyaml's own event (valid
   until it is deleted). The one place that reads libyaml's union of event data. */
static inline void rc_yaml_event_view(const yaml_event_t *event, rc_yaml_event *view) {
    const unsigned char *value = NULL, *anchor = NULL, *tag = NULL;
    size_t length = 0;
    yaml_scalar_style_t style = YAML_ANY_SCALAR_STYLE;
    switch (event->type) {
    case YAML_SCALAR_EVENT:
        value = event->data.scalar.value;
        length = event->data.scalar.length;
        anchor = event->data.scalar.anchor;
        tag = event->data.scalar.tag;
        style = event->data.scalar.style;
        break;
    case YAML_SEQUENCE_START_EVENT:
        anchor = event->data.sequence_start.anchor;
        tag = event->data.sequence_start.tag;
        break;
    case YAML_MAPPING_START_EVENT:
        anchor = event->data.mapping_start.anchor;
        tag = event->data.mapping_start.tag;
        break;
    case YAML_ALIAS_EVENT:
        value = event->data.alias.anchor;
        length = value ? strlen((const char *)value) : 0;
        break;
    default:
        break;
    }
    view->type = event->type;
    view->style = style;
    view->start_mark = event->start_mark;
    view->end_mark = event->end_mark;
    view->value = value;
    view->length = length;
    view->anchor = anchor;
    view->anchor_length = anchor ? strlen((const char *)anchor) : 0;
    view->tag = tag;
    view->tag_length = tag ? strlen((const char *)tag) : 0;
}

static inline const unsigned char *rc_yaml_copy(
    const unsigned char *text, size_t length, unsigned char *bytes, size_t *used) {
    if (!text) return NULL;
    unsigned char *target = bytes + *used;
    memcpy(target, text, length);
    *used += length;
    return target;
}

/* Parses events into events[*count] up to `capacity`, copying their texts into bytes[*used] up
   to `byte_capacity`, and frees libyaml's own event after each copy: the loop of the pipeline's
   parsing thread, in C so that an event costs little more than libyaml's own work.
   An event parsed but too large for what is left stays in `pending` (`*has_pending` set) for the
   next call. Returns RC_CHUNK_FULL, RC_STREAM_END (its event is the last copied), RC_ERROR (the
   parser's error fields say which), or RC_TOO_LARGE with `*needed` bytes wanted by an event that
   an empty chunk cannot hold. */
static inline int rc_yaml_parse_chunk(
    yaml_parser_t *parser, yaml_event_t *pending, int *has_pending, rc_yaml_event *events, size_t capacity,
    size_t *count, unsigned char *bytes, size_t byte_capacity, size_t *used, size_t *needed) {
    for (;;) {
        if (*count == capacity) return RC_CHUNK_FULL;
        if (!*has_pending) {
            if (!yaml_parser_parse(parser, pending)) return RC_ERROR;
            *has_pending = 1;
        }
        /* NB: viewed in its slot, which counts only once its texts are copied. */
        rc_yaml_event *out = &events[*count];
        rc_yaml_event_view(pending, out);
        size_t need = out->length + out->anchor_length + out->tag_length;
        if (*used + need > byte_capacity) {
            if (*count > 0) return RC_CHUNK_FULL;
            *needed = need;
            return RC_TOO_LARGE;
        }
        out->value = rc_yaml_copy(out->value, out->length, bytes, used);
        out->anchor = rc_yaml_copy(out->anchor, out->anchor_length, bytes, used);
        out->tag = rc_yaml_copy(out->tag, out->tag_length, bytes, used);
        (*count)++;
        yaml_event_delete(pending);
        *has_pending = 0;
        if (out->type == YAML_STREAM_END_EVENT) return RC_STREAM_END;
    }
}
