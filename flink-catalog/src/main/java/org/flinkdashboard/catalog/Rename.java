package org.flinkdashboard.catalog;

/**
 * The catalog's name inside SQL text: Flink may know the catalog by another name than the
 * dashboard ({@code CREATE CATALOG prod WITH ('catalog' = 'shop')}); a view's expanded query
 * names it in fully qualified identifiers, {@code `shop`.`db`.`t`}.
 */
final class Rename {
    private Rename() {}

    static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /**
     * {@code sql} with each identifier {@code `from`} that starts a qualified name (followed by a
     * dot, not preceded by one) written {@code `to`}; string literals and comments are kept.
     */
    static String catalog(String sql, String from, String to) {
        if (sql == null || from.equals(to)) {
            return sql;
        }
        String quotedFrom = quote(from);
        StringBuilder out = new StringBuilder(sql.length());
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                int end = endOfQuoted(sql, i, '\'');
                out.append(sql, i, end);
                i = end;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.append(sql, i, end);
                i = end;
            } else if (c == '`') {
                int end = endOfQuoted(sql, i, '`');
                String identifier = sql.substring(i, end);
                boolean starts = previousNonSpace(sql, i) != '.';
                boolean qualified = end < n && sql.charAt(end) == '.';
                out.append(starts && qualified && identifier.equals(quotedFrom) ? quote(to) : identifier);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static int endOfQuoted(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    private static char previousNonSpace(String sql, int i) {
        for (int j = i - 1; j >= 0; j--) {
            if (!Character.isWhitespace(sql.charAt(j))) {
                return sql.charAt(j);
            }
        }
        return ' ';
    }
}
