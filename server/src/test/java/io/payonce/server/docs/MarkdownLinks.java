package io.payonce.server.docs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * The relative links and images of a repository's Markdown, and whether each resolves as GitHub
 * would resolve it: the file (or folder) exists, and a {@code #anchor} into a Markdown file names
 * one of its headings. Parsed with commonmark-java, so that a {@code #} line inside a code block is
 * no heading and a bracket inside one no link. Absolute URLs ({@code http:}, {@code mailto:}, ...)
 * are not followed.
 */
final class MarkdownLinks {

  /** A link that does not resolve: where it is, what it points at, and why it fails. */
  record Broken(String file, int line, String target, String reason) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + target + " (" + reason + ")";
    }
  }

  /** A link or image as written, and the line it is on (1-based, 0 when unknown). */
  record Reference(String target, int line) {}

  private static final Parser PARSER =
      Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES).build();
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
  private static final Pattern HTML_TARGET =
      Pattern.compile("(?is)<(?:img|a|source)\\b[^>]*?\\b(?:src|href)\\s*=\\s*([\"'])(.*?)\\1");
  private static final Pattern HTML_ANCHOR =
      Pattern.compile("(?is)<[a-z][^>]*?\\b(?:id|name)\\s*=\\s*([\"'])(.*?)\\1");
  private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules");

  private final Path root;
  private final Map<Path, Set<String>> anchors = new HashMap<>();

  MarkdownLinks(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /**
   * Every Markdown file of the repository: the top level, docs/ and each module's, leaving out
   * build output ({@code target}), dependencies and hidden folders.
   */
  List<Path> files() {
    List<Path> files = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              return dir.equals(root) || !skipped(root.relativize(dir))
                  ? FileVisitResult.CONTINUE
                  : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              if (attributes.isRegularFile() && file.toString().endsWith(".md")) {
                files.add(file);
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files.stream().sorted().toList();
  }

  /** The links of every Markdown file that do not resolve. */
  List<Broken> broken() {
    List<Broken> broken = new ArrayList<>();
    for (Path file : files()) {
      broken.addAll(broken(file));
    }
    return broken;
  }

  /** The links of one Markdown file that do not resolve. */
  List<Broken> broken(Path file) {
    String name = root.relativize(file.toAbsolutePath().normalize()).toString();
    List<Broken> broken = new ArrayList<>();
    for (Reference reference : references(read(file))) {
      String reason = problem(file.toAbsolutePath().normalize(), reference.target());
      if (reason != null) {
        broken.add(new Broken(name, reference.line(), reference.target(), reason));
      }
    }
    return broken;
  }

  /** Why a link written in {@code from} does not resolve, or null when it does (or is absolute). */
  String problem(Path from, String target) {
    if (target.isBlank() || SCHEME.matcher(target).find() || target.startsWith("//")) {
      return null;
    }
    int hash = target.indexOf('#');
    String path = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? "" : decode(target.substring(hash + 1));
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    path = decode(path);
    Path resolved =
        path.isEmpty()
            ? from
            : (path.startsWith("/") ? root.resolve(path.substring(1)) : from.resolveSibling(path))
                .normalize();
    if (!resolved.startsWith(root)) {
      return "outside the repository";
    }
    if (!Files.exists(resolved)) {
      return "no such file";
    }
    if (anchor.isEmpty() || !resolved.toString().endsWith(".md") || Files.isDirectory(resolved)) {
      return null;
    }
    if (!anchors.computeIfAbsent(resolved, f -> anchors(read(f))).contains(anchor)) {
      return "no heading #" + anchor + " in " + root.relativize(resolved);
    }
    return null;
  }

  /**
   * The inline links and images, link reference definitions, and HTML {@code src}/{@code href}
   * attributes of a Markdown text.
   */
  static List<Reference> references(String markdown) {
    Set<Reference> found = new LinkedHashSet<>();
    PARSER
        .parse(markdown)
        .accept(
            new AbstractVisitor() {
              @Override
              public void visit(Link link) {
                found.add(new Reference(link.getDestination(), line(link)));
                visitChildren(link);
              }

              @Override
              public void visit(Image image) {
                found.add(new Reference(image.getDestination(), line(image)));
                visitChildren(image);
              }

              @Override
              public void visit(LinkReferenceDefinition definition) {
                found.add(new Reference(definition.getDestination(), line(definition)));
              }

              @Override
              public void visit(HtmlInline html) {
                html(html.getLiteral(), line(html));
              }

              @Override
              public void visit(HtmlBlock html) {
                html(html.getLiteral(), line(html));
              }

              private void html(String literal, int line) {
                Matcher matcher = HTML_TARGET.matcher(literal);
                while (matcher.find()) {
                  found.add(new Reference(matcher.group(2).trim(), line));
                }
              }
            });
    return List.copyOf(found);
  }

  /**
   * The anchors GitHub gives a Markdown text: one per heading (its slug; a repeated slug gets
   * {@code -1}, {@code -2}, ...), and every HTML {@code id} or {@code name}.
   */
  static Set<String> anchors(String markdown) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    PARSER
        .parse(markdown)
        .accept(
            new AbstractVisitor() {
              @Override
              public void visit(Heading heading) {
                String slug = slug(text(heading));
                String unique = slug;
                while (seen.containsKey(unique)) {
                  int count = seen.merge(slug, 1, Integer::sum);
                  unique = slug + "-" + count;
                }
                seen.put(unique, 0);
                anchors.add(unique);
              }

              @Override
              public void visit(HtmlInline html) {
                htmlAnchors(html.getLiteral());
              }

              @Override
              public void visit(HtmlBlock html) {
                htmlAnchors(html.getLiteral());
              }

              private void htmlAnchors(String literal) {
                Matcher matcher = HTML_ANCHOR.matcher(literal);
                while (matcher.find()) {
                  anchors.add(matcher.group(2));
                }
              }
            });
    return anchors;
  }

  /**
   * GitHub's anchor for a heading's text (github-slugger): lower case; every character that is not
   * a letter, a mark, a digit, {@code _}, {@code -} or a space dropped; each space a {@code -}.
   * Letters of any script stay, so a Chinese heading keeps its characters.
   */
  static String slug(String heading) {
    StringBuilder slug = new StringBuilder();
    heading
        .toLowerCase(Locale.ROOT)
        .codePoints()
        .forEach(
            c -> {
              if (c == ' ') {
                slug.append('-');
              } else if (c == '-' || c == '_' || Character.isLetterOrDigit(c) || isMark(c)) {
                slug.appendCodePoint(c);
              }
            });
    return slug.toString();
  }

  private static boolean isMark(int c) {
    int type = Character.getType(c);
    return type == Character.NON_SPACING_MARK
        || type == Character.COMBINING_SPACING_MARK
        || type == Character.ENCLOSING_MARK;
  }

  /** A heading's text as GitHub renders it: its words and code, without the markup. */
  private static String text(Node node) {
    StringBuilder text = new StringBuilder();
    node.accept(
        new AbstractVisitor() {
          @Override
          public void visit(Text t) {
            text.append(t.getLiteral());
          }

          @Override
          public void visit(Code code) {
            text.append(code.getLiteral());
          }

          @Override
          public void visit(SoftLineBreak lineBreak) {
            text.append(' ');
          }
        });
    return text.toString().trim();
  }

  private static int line(Node node) {
    return node.getSourceSpans().isEmpty() ? 0 : node.getSourceSpans().get(0).getLineIndex() + 1;
  }

  /** Percent-escapes decoded as UTF-8; a {@code +} stays a plus, as in a URL's path. */
  private static String decode(String text) {
    if (!text.contains("%")) {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int i = 0;
    while (i < text.length()) {
      if (text.charAt(i) == '%' && isHex(text, i + 1) && isHex(text, i + 2)) {
        bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
        i += 3;
      } else {
        int c = text.codePointAt(i);
        bytes.writeBytes(new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8));
        i += Character.charCount(c);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(String text, int index) {
    return index < text.length() && Character.digit(text.charAt(index), 16) >= 0;
  }

  /** Build output, dependencies, hidden folders, and the embedded profile's database folder. */
  private static boolean skipped(Path folder) {
    String name = folder.getFileName().toString();
    return SKIPPED_DIRECTORIES.contains(name)
        || name.startsWith(".")
        || (folder.getNameCount() == 1 && name.equals("data"));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
