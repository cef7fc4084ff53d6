package io.payonce.server.testing;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Printed at the end of {@code mvn verify} (server module): how many tests ran on each database and
 * with each outside service — from the Surefire reports of every execution, the pinned-clock ones
 * included — with the skipped ones named, then the line and branch coverage of every package from
 * JaCoCo's reports. So a reader of CI output sees what was covered, not only that the build passed.
 *
 * <p>Arguments: the server module's build directory, then any other modules' build directories.
 */
public final class TestRunSummary {

  /** Simple name to qualified name of this module's test classes (jqwik reports simple names). */
  private static final Map<String, String> SIMPLE_NAMES = new TreeMap<>();

  private TestRunSummary() {}

  public static void main(String[] args) throws Exception {
    Path server = Path.of(args[0]);
    indexTestClasses(server.resolve("test-classes"));
    Map<String, Counts> byTarget = new TreeMap<>();
    List<String> skipped = new ArrayList<>();
    for (Path report : reports(server)) {
      String execution = execution(report.getParent());
      readReport(report, execution, byTarget, skipped);
    }
    for (int i = 1; i < args.length; i++) {
      Path module = Path.of(args[i]);
      for (Path report : reports(module)) {
        readReport(report, module.getParent().getFileName() + " module", byTarget, skipped);
      }
    }
    System.out.println();
    System.out.println("== Tests by database and service ==");
    System.out.printf("%-62s %7s %8s %7s%n", "where", "passed", "skipped", "failed");
    byTarget.forEach(
        (target, c) ->
            System.out.printf("%-62s %7d %8d %7d%n", target, c.passed, c.skipped, c.failed));
    if (!skipped.isEmpty()) {
      System.out.println("Skipped:");
      skipped.stream().sorted().forEach(name -> System.out.println("  " + name));
    }
    System.out.println();
    System.out.println("== Coverage by package (JaCoCo, report only) ==");
    System.out.printf("%-52s %9s %9s%n", "package", "lines", "branches");
    for (String arg : args) {
      printCoverage(Path.of(arg).resolve("site/jacoco/jacoco.csv"));
    }
  }

  private static void indexTestClasses(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return;
    }
    try (Stream<Path> files = Files.walk(root)) {
      files
          .map(root::relativize)
          .map(Path::toString)
          .filter(name -> name.endsWith(".class") && !name.contains("$"))
          .map(
              name -> name.substring(0, name.length() - 6).replace(java.io.File.separatorChar, '.'))
          .forEach(
              name -> SIMPLE_NAMES.putIfAbsent(name.substring(name.lastIndexOf('.') + 1), name));
    }
  }

  private static List<Path> reports(Path buildDir) throws IOException {
    if (!Files.isDirectory(buildDir)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(buildDir)) {
      List<Path> found = new ArrayList<>();
      for (Path dir :
          dirs.filter(d -> d.getFileName().toString().startsWith("surefire-reports")).toList()) {
        try (Stream<Path> files = Files.list(dir)) {
          files
              .filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml"))
              .forEach(found::add);
        }
      }
      return found;
    }
  }

  private static String execution(Path reportsDir) {
    String name = reportsDir.getFileName().toString();
    return name.startsWith("surefire-reports-pinned-")
        ? "clock pinned at " + name.substring("surefire-reports-pinned-".length()) + " UTC"
        : null;
  }

  private static void readReport(
      Path report, String execution, Map<String, Counts> byTarget, List<String> skipped)
      throws Exception {
    Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile());
    NodeList cases = xml.getElementsByTagName("testcase");
    for (int i = 0; i < cases.getLength(); i++) {
      Element testCase = (Element) cases.item(i);
      String reported = testCase.getAttribute("classname");
      // A class template's runs are reported as Class[1], Class[2], ... (see ClockStarts).
      int run = reported.endsWith("]") ? reported.lastIndexOf('[') : -1;
      String className = run < 0 ? reported : reported.substring(0, run);
      List<String> targets = targets(className);
      String pinned =
          run < 0 ? null : pinnedRun(className, reported.substring(run + 1, reported.length() - 1));
      for (String label : new String[] {pinned, execution}) {
        if (label != null) {
          targets = targets.stream().map(t -> t + ", " + label).toList();
        }
      }
      boolean wasSkipped = testCase.getElementsByTagName("skipped").getLength() > 0;
      boolean failed =
          testCase.getElementsByTagName("failure").getLength() > 0
              || testCase.getElementsByTagName("error").getLength() > 0;
      for (String target : targets) {
        Counts counts = byTarget.computeIfAbsent(target, t -> new Counts());
        if (wasSkipped) {
          counts.skipped++;
        } else if (failed) {
          counts.failed++;
        } else {
          counts.passed++;
        }
      }
      if (wasSkipped) {
        skipped.add(simpleName(className) + "." + testCase.getAttribute("name"));
      }
    }
  }

  /** The start a run of an {@link EachClockStart} class was pinned at, or null (wall clock). */
  private static String pinnedRun(String className, String index) {
    Class<?> type = load(className);
    if (type == null
        || !AnnotatedElementUtils.hasAnnotation(type, EachClockStart.class)
        || !index.matches("[0-9]+")) {
      return null;
    }
    int start = Integer.parseInt(index) - 1;
    if (start < 0 || start >= ClockStarts.STARTS.size()) {
      return null;
    }
    String hhmm = ClockStarts.STARTS.get(start).toString().substring(11, 16).replace(":", "");
    return ClockStarts.PINNED + hhmm + " UTC";
  }

  /** The test class of a report's class name: qualified (JUnit Jupiter), or simple (jqwik). */
  private static Class<?> load(String className) {
    ClassLoader loader = TestRunSummary.class.getClassLoader();
    try {
      return Class.forName(className, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      String qualified = SIMPLE_NAMES.get(className);
      try {
        return qualified == null ? null : Class.forName(qualified, false, loader);
      } catch (ClassNotFoundException | LinkageError again) {
        return null;
      }
    }
  }

  /** Where a test class runs: its database (or none) and every outside service it needs. */
  static List<String> targets(String className) {
    Class<?> type = load(className);
    if (type == null) {
      return List.of("(other module or removed class)");
    }
    List<String> targets = new ArrayList<>();
    OnDatabase onDatabase = AnnotatedElementUtils.findMergedAnnotation(type, OnDatabase.class);
    boolean integration = AnnotatedElementUtils.hasAnnotation(type, PayOnceIntegrationTest.class);
    if (onDatabase != null) {
      targets.add("database " + onDatabase.value());
    } else if (integration) {
      targets.add("database " + TestDatabase.H2);
    } else {
      targets.add("no database (unit or own context)");
    }
    OnServer onServer = AnnotatedElementUtils.findMergedAnnotation(type, OnServer.class);
    if (onServer != null) {
      for (TestServer server : onServer.value()) {
        targets.add("service " + server);
      }
    }
    if (usesBrowser(type)) {
      targets.add("service browser (chromium)");
    }
    return targets;
  }

  private static boolean usesBrowser(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) && field.getType() == ChromeBrowser.class) {
          return true;
        }
      }
    }
    return false;
  }

  private static void printCoverage(Path csv) throws IOException {
    if (!Files.exists(csv)) {
      return;
    }
    Map<String, long[]> byPackage = new TreeMap<>();
    List<String> lines = Files.readAllLines(csv);
    for (String line : lines.subList(1, lines.size())) {
      // GROUP,PACKAGE,CLASS,INSTRUCTION_MISSED,INSTRUCTION_COVERED,BRANCH_MISSED,BRANCH_COVERED,
      // LINE_MISSED,LINE_COVERED,...
      String[] f = line.split(",");
      long[] sums = byPackage.computeIfAbsent(f[1], p -> new long[4]);
      sums[0] += Long.parseLong(f[7]);
      sums[1] += Long.parseLong(f[8]);
      sums[2] += Long.parseLong(f[5]);
      sums[3] += Long.parseLong(f[6]);
    }
    long[] total = new long[4];
    byPackage.forEach(
        (name, s) -> {
          System.out.printf("%-52s %8s %9s%n", name, percent(s[1], s[0]), percent(s[3], s[2]));
          for (int i = 0; i < 4; i++) {
            total[i] += s[i];
          }
        });
    System.out.printf(
        "%-52s %8s %9s%n",
        "(all of " + csv.getParent().getParent().getParent().getParent().getFileName() + ")",
        percent(total[1], total[0]),
        percent(total[3], total[2]));
  }

  private static String percent(long covered, long missed) {
    long all = covered + missed;
    return all == 0 ? "-" : String.format("%.0f%%", 100.0 * covered / all);
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  private static final class Counts {
    int passed;
    int skipped;
    int failed;
  }
}
