package io.payonce.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link and image in the repository's Markdown resolves: the file exists, and an
 * anchor into a Markdown file names one of its headings as GitHub slugs them. The docs are what a
 * newcomer reads first; a link that leads nowhere is a bug like any other.
 */
class MarkdownLinksUnitTests {

  @Test
  void everyRelativeLinkAndImageInTheRepositorysMarkdownResolves() {
    MarkdownLinks links = new MarkdownLinks(repository());

    assertThat(links.files())
        .as("the Markdown files checked")
        .contains(repository().resolve("README.md"), repository().resolve("SECURITY.md"));
    assertThat(links.broken()).as("links that lead nowhere").isEmpty();
  }

  @Test
  void reportsAMissingFileAMissingHeadingAndAMissingImage(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("other.md"), "# Other\n\n## Known heading\n");
    Path page = dir.resolve("page.md");
    Files.writeString(
        page,
        """
        # Page

        [fine](other.md#known-heading) and [here](#page), [gone](missing.md),
        [no such heading](other.md#unknown), ![picture](img/none.png)
        <img src="img/also-none.png" alt="x">

        [ref]: nowhere/at-all.md

        ```bash
        # not a heading, and [not a link](nowhere.md)
        ```

        [web](https://example.com/x.md) and <mailto:a@example.com>
        """);

    List<MarkdownLinks.Broken> broken = new MarkdownLinks(dir).broken(page);

    assertThat(broken)
        .extracting(MarkdownLinks.Broken::target, MarkdownLinks.Broken::reason)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("missing.md", "no such file"),
            org.assertj.core.groups.Tuple.tuple(
                "other.md#unknown", "no heading #unknown in other.md"),
            org.assertj.core.groups.Tuple.tuple("img/none.png", "no such file"),
            org.assertj.core.groups.Tuple.tuple("img/also-none.png", "no such file"),
            org.assertj.core.groups.Tuple.tuple("nowhere/at-all.md", "no such file"));
    assertThat(broken).extracting(MarkdownLinks.Broken::line).contains(3, 4, 5, 7);
  }

  @Test
  void slugsHeadingsAsGitHubDoes() {
    assertThat(MarkdownLinks.slug("Merchant apps and signed requests"))
        .isEqualTo("merchant-apps-and-signed-requests");
    assertThat(MarkdownLinks.slug("The operator's console")).isEqualTo("the-operators-console");
    assertThat(MarkdownLinks.slug("WeChat Pay (/sandbox/wechat)"))
        .isEqualTo("wechat-pay-sandboxwechat");
    assertThat(MarkdownLinks.slug("Settings (payonce.reconcile.*)"))
        .isEqualTo("settings-payoncereconcile");
    assertThat(MarkdownLinks.slug("Events, RabbitMQ & pay_tokens"))
        .isEqualTo("events-rabbitmq--pay_tokens");
    assertThat(MarkdownLinks.slug("收银台 与 中文")).isEqualTo("收银台-与-中文");
  }

  @Test
  void takesHeadingTextWithoutMarkupAndNumbersRepeatedHeadings() {
    assertThat(
            MarkdownLinks.anchors(
                """
                # Paying exactly once
                ## Notify (`POST /pay/alipay/notify`)
                ## Tests
                ## Tests
                ## [Linked](x.md) *heading*
                ## Tests
                <a id="custom"></a>
                """))
        .containsExactly(
            "paying-exactly-once",
            "notify-post-payalipaynotify",
            "tests",
            "tests-1",
            "linked-heading",
            "tests-2",
            "custom");
  }

  /** The repository's top folder: the server module's parent, where the reactor's pom is. */
  private static Path repository() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("server"))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("the repository above " + Path.of("").toAbsolutePath()).isNotNull();
    return dir;
  }
}
