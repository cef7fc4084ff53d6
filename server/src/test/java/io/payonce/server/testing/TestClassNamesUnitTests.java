package io.payonce.server.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every class with tests says what it costs in its name ({@code *UnitTests}, {@code
 * *IntegrationTests}, or a database variant {@code *TestsOnH2|OnMariaDb|OnPostgres}), so no variant
 * can hide behind a name as {@code PayTokenIntegrationTestsWithRedis} once did. (Surefire runs
 * every class with tests whatever its name; this keeps the names honest.)
 */
class TestClassNamesUnitTests {

  private static final Pattern NAME = Pattern.compile(".*Tests(On(H2|MariaDb|Postgres))?");
  private static final Set<String> TEST_ANNOTATIONS =
      Set.of(
          "org.junit.jupiter.api.Test",
          "org.junit.jupiter.api.RepeatedTest",
          "org.junit.jupiter.api.TestFactory",
          "org.junit.jupiter.api.TestTemplate",
          "org.junit.jupiter.params.ParameterizedTest",
          "net.jqwik.api.Property",
          "net.jqwik.api.Example");

  @Test
  void everyClassWithTestsIsNamedForWhatItCosts() throws Exception {
    List<String> misnamed =
        testClasses().stream()
            .filter(TestClassNamesUnitTests::hasTests)
            .map(Class::getSimpleName)
            .filter(name -> !NAME.matcher(name).matches())
            .toList();

    assertThat(misnamed).isEmpty();
  }

  @Test
  void theCheckSeesTheClassesItChecks() throws Exception {
    assertThat(testClasses()).contains(TestClassNamesUnitTests.class, MutableClockUnitTests.class);
  }

  private static List<Class<?>> testClasses() throws IOException, URISyntaxException {
    Path root =
        Path.of(
            TestClassNamesUnitTests.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .map(root::relativize)
          .map(Path::toString)
          .filter(name -> name.endsWith(".class") && !name.contains("$"))
          .map(name -> name.substring(0, name.length() - 6).replace('/', '.'))
          .map(TestClassNamesUnitTests::load)
          .filter(c -> c != null && !Modifier.isAbstract(c.getModifiers()) && !c.isInterface())
          .toList();
    }
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, TestClassNamesUnitTests.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  private static boolean hasTests(Class<?> type) {
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method method : c.getDeclaredMethods()) {
        for (Annotation annotation : method.getAnnotations()) {
          if (TEST_ANNOTATIONS.contains(annotation.annotationType().getName())) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
