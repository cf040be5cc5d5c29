package org.flinkdashboard.catalog;

import java.util.Objects;

/** The assertions of the plugin's unit tests. */
final class Check {
    private Check() {}

    static void equal(Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError("expected:\n  " + expected + "\nbut was:\n  " + actual);
        }
    }

    static void isTrue(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    /** Something that may throw. */
    interface Action {
        void run() throws Exception;
    }

    /** The exception {@code action} throws, which must be a {@code type}. */
    static <T extends Throwable> T raises(Class<T> type, Action action) {
        try {
            action.run();
        } catch (Throwable e) {
            if (type.isInstance(e)) {
                return type.cast(e);
            }
            throw new AssertionError("expected " + type.getName() + " but got " + e, e);
        }
        throw new AssertionError("expected " + type.getName() + " but nothing was thrown");
    }
}
