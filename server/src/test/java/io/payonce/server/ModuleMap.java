package io.payonce.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;

/**
 * docs/modules.md, written from the Spring Modulith model that {@link ModuleStructureUnitTests}
 * verifies: every module, what its package-info says it is for, and every arrow between modules —
 * so the map cannot be drawn by hand, nor drift from the code.
 */
final class ModuleMap {

  /** Modules every other one may use; drawn in the table, left out of the picture. */
  static final Set<String> FOUNDATIONS =
      Set.of("money", "db", "log", "web", "chaos", "audit", "journal", "external", "cli");

  private static final Path SOURCES = Path.of("src", "main", "java");
  private static final Pattern INLINE_TAG = Pattern.compile("\\{@(?:code|link) ([^}]*)}");

  private ModuleMap() {}

  static String render(ApplicationModules modules) throws IOException {
    List<ApplicationModule> all =
        modules.stream()
            .sorted(java.util.Comparator.comparing(ApplicationModule::getName))
            .toList();
    StringBuilder md = new StringBuilder();
    md.append("# Module map\n\n")
        .append("<!-- Written by ModuleStructureUnitTests from the model it verifies; do not edit.")
        .append(" To rewrite it: mvn -pl server test -Dtest=ModuleStructureUnitTests")
        .append(" -Dpayonce.modules.write=true -->\n\n")
        .append("The server is a Spring Modulith application: every top-level package under ")
        .append("`io.payonce.server` is an application module whose sub-packages (`web`, …) are ")
        .append(
            "its own. `ModuleStructureUnitTests` (run by `mvn verify`) holds the structure with ")
        .append("zero allowed violations: modules reach each other only through their published ")
        .append("types and form no cycle; the domain imports no HTTP adapter; the channel port ")
        .append("(`channel`) depends on nothing above the foundations; only the `alipay` and ")
        .append("`wechat` adapters import their channel's SDK, and never each other; no neutral ")
        .append("class names a channel (`NeutralClassesUnitTests`). This page is written from the ")
        .append("same model: it cannot drift from the code.\n\n")
        .append("Arrows point at what a module uses. The foundations (")
        .append(
            FOUNDATIONS.stream().sorted().map(f -> "`" + f + "`").collect(Collectors.joining(", ")))
        .append(") are left out of the picture and listed in the table.\n\n")
        .append("```mermaid\ngraph TD\n");
    for (ApplicationModule module : all) {
      if (FOUNDATIONS.contains(module.getName())) {
        continue;
      }
      for (String target : dependencies(module, modules)) {
        if (!FOUNDATIONS.contains(target)) {
          md.append("  ").append(module.getName()).append(" --> ").append(target).append('\n');
        }
      }
    }
    md.append("```\n\n| module | what it is for | depends on |\n|---|---|---|\n");
    for (ApplicationModule module : all) {
      md.append("| `")
          .append(module.getName())
          .append("` | ")
          .append(purpose(module).replace("|", "\\|"))
          .append(" | ")
          .append(
              dependencies(module, modules).stream()
                  .map(d -> "`" + d + "`")
                  .collect(Collectors.joining(", ")))
          .append(" |\n");
    }
    return md.toString();
  }

  private static Set<String> dependencies(ApplicationModule module, ApplicationModules modules) {
    return module
        .getDirectDependencies(modules)
        .uniqueModules()
        .map(ApplicationModule::getName)
        .filter(name -> !name.equals(module.getName()))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The first sentence of the module's package-info Javadoc. */
  private static String purpose(ApplicationModule module) throws IOException {
    Path info =
        SOURCES
            .resolve(module.getBasePackage().getName().replace('.', '/'))
            .resolve("package-info.java");
    if (!Files.exists(info)) {
      return "";
    }
    String source = Files.readString(info);
    int start = source.indexOf("/**");
    int end = source.indexOf("*/", start);
    if (start < 0 || end < 0) {
      return "";
    }
    String text =
        source
            .substring(start + 3, end)
            .lines()
            .map(line -> line.replaceFirst("^\\s*\\*\\s?", ""))
            .collect(Collectors.joining(" "))
            .replaceAll("\\s+", " ")
            .strip();
    Matcher tags = INLINE_TAG.matcher(text);
    StringBuilder plain = new StringBuilder();
    while (tags.find()) {
      String name = tags.group(1).strip();
      name = name.substring(name.lastIndexOf('.') + 1);
      tags.appendReplacement(plain, Matcher.quoteReplacement("`" + name + "`"));
    }
    tags.appendTail(plain);
    int sentence = plain.indexOf(". ");
    return sentence < 0 ? plain.toString() : plain.substring(0, sentence + 1);
  }
}
