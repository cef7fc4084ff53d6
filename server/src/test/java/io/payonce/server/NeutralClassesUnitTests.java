package io.payonce.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No neutral class names a channel: outside the channel adapters ({@code alipay}, {@code wechat})
 * no code or string says Alipay or WeChat — a route, a setting, a constant, a label — so that a new
 * product or channel is a new adapter, not a change here. Comments may give examples; {@link
 * io.payonce.server.channel.Channel}, the list of identities payments store, is the one place that
 * names them.
 */
class NeutralClassesUnitTests {

  private static final Path SOURCES = Path.of("src", "main", "java", "io", "payonce", "server");
  private static final Set<String> ADAPTERS = Set.of("alipay", "wechat");
  private static final Path IDENTITIES = Path.of("channel", "Channel.java");
  private static final Pattern CHANNEL_WORD =
      Pattern.compile("(?i)alipay|wechat|weixin|wxpay|tenpay|micropay");

  @Test
  void noNeutralClassNamesAChannel() throws IOException {
    List<String> named = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Path relative = SOURCES.relativize(file);
        if (ADAPTERS.contains(relative.getName(0).toString()) || relative.equals(IDENTITIES)) {
          continue;
        }
        String[] lines = withoutComments(Files.readString(file)).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
          if (CHANNEL_WORD.matcher(lines[i]).find()) {
            named.add(relative + ":" + (i + 1) + ": " + lines[i].strip());
          }
        }
      }
    }
    assertThat(named).as("neutral code that names a channel").isEmpty();
  }

  @Test
  void theScanSeesCodeAndStringsButNotComments() {
    assertThat(withoutComments("a(\"/pay/wechat\"); // Alipay\n/* WeChat */ b();"))
        .contains("/pay/wechat")
        .doesNotContain("Alipay")
        .doesNotContain("WeChat")
        .contains("b();");
    assertThat(withoutComments("s = \"a \\\" // not a comment wechat\";"))
        .contains("// not a comment wechat");
    assertThat(withoutComments("t = \"\"\"\n  alipay\n  \"\"\"; // x")).contains("alipay");
  }

  /** The source with its comments blanked (line breaks kept), strings and text blocks kept. */
  static String withoutComments(String source) {
    StringBuilder out = new StringBuilder(source.length());
    int i = 0;
    while (i < source.length()) {
      if (source.startsWith("//", i)) {
        int end = source.indexOf('\n', i);
        i = end < 0 ? source.length() : end;
      } else if (source.startsWith("/*", i)) {
        int end = source.indexOf("*/", i + 2);
        end = end < 0 ? source.length() : end + 2;
        source.substring(i, end).chars().filter(c -> c == '\n').forEach(c -> out.append('\n'));
        i = end;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        end = end < 0 ? source.length() : end + 3;
        out.append(source, i, end);
        i = end;
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        char quote = source.charAt(i);
        int end = i + 1;
        while (end < source.length() && source.charAt(end) != quote) {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(end + 1, source.length());
        out.append(source, i, end);
        i = end;
      } else {
        out.append(source.charAt(i++));
      }
    }
    return out.toString();
  }
}
