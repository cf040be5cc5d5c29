package org.flinkdashboard.catalog;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The plugin's unit tests without JUnit (Maven Central is out of reach and the apache-flink
 * wheel ships no test framework): every public no-argument method whose name starts with
 * {@code test} of the classes below runs on a fresh instance; a thrown exception fails it. One
 * line per test, a summary, exit status 1 when any failed. {@code make flink-catalog-test}
 * compiles and runs them; {@code tests/test_flink_catalog_unit.py} runs that.
 */
public final class TestRunner {
    static final List<Class<?>> CLASSES = List.of(
            TableChangesTest.class,
            StatementsTest.class,
            RenameTest.class,
            PlaceholdersTest.class,
            OptionsTest.class,
            ClientErrorsTest.class,
            CatalogErrorsTest.class,
            PartitionsTest.class,
            TimeAttributesTest.class,
            DistributionTest.class);

    private TestRunner() {}

    public static void main(String[] args) throws Exception {
        int passed = 0;
        int failed = 0;
        for (Class<?> type : CLASSES) {
            Method[] methods = type.getDeclaredMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method method : methods) {
                if (!isTest(method)) {
                    continue;
                }
                String name = type.getSimpleName() + "." + method.getName();
                try {
                    method.invoke(type.getDeclaredConstructor().newInstance());
                    System.out.println("PASS " + name);
                    passed++;
                } catch (InvocationTargetException e) {
                    System.out.println("FAIL " + name + ": " + e.getCause());
                    e.getCause().printStackTrace(System.out);
                    failed++;
                }
            }
        }
        System.out.println(passed + " passed, " + failed + " failed");
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }

    private static boolean isTest(Method method) {
        return method.getName().startsWith("test")
                && method.getParameterCount() == 0
                && Modifier.isPublic(method.getModifiers())
                && !Modifier.isStatic(method.getModifiers());
    }
}
