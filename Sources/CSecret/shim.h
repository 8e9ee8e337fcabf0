// The desktop's Secret Service through Debian's libsecret (libsecret-1-dev): Kinetic's mail passwords, one item per
// account, found by the attribute `kinetic-mail-account` ("user@host:port"). The calls are libsecret's variadic
// ones, wrapped here because Swift cannot call a C function with `...`.
#include <libsecret/secret.h>

/// Kinetic's items: matched by their attribute alone, so one stored by `secret-tool store --label=… kinetic-mail-account
/// ana@example.org@imap.example.org:993` is found too.
static inline const SecretSchema *kinetic_mail_schema(void) {
    static const SecretSchema schema = {
        "org.kinetic.Mail", SECRET_SCHEMA_DONT_MATCH_NAME,
        { { "kinetic-mail-account", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } }
    };
    return &schema;
}

/// Stores `password` for `account` in the default collection; 1 when stored, else 0 with `*error` (g_free it).
static inline int kinetic_secret_store(const char *account, const char *label, const char *password, GCancellable *cancel, char **error) {
    GError *failure = NULL;
    gboolean stored = secret_password_store_sync(kinetic_mail_schema(), SECRET_COLLECTION_DEFAULT, label, password, cancel, &failure,
                                                 "kinetic-mail-account", account, NULL);
    if (!stored && error) *error = g_strdup(failure ? failure->message : "the Secret Service did not keep it");
    g_clear_error(&failure);
    return stored ? 1 : 0;
}

/// `account`'s password (free it with secret_password_free), or NULL: none stored (`*error` left NULL), or a failure
/// (`*error` set; g_free it).
static inline char *kinetic_secret_lookup(const char *account, GCancellable *cancel, char **error) {
    GError *failure = NULL;
    gchar *password = secret_password_lookup_sync(kinetic_mail_schema(), cancel, &failure, "kinetic-mail-account", account, NULL);
    if (failure && error) *error = g_strdup(failure->message);
    g_clear_error(&failure);
    return password;
}
