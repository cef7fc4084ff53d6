package io.payonce.sandbox.wechat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * APIv2's flat XML: {@code <xml><name>value</name>...</xml>}, read with the JDK's parser (no DTDs,
 * no external entities) and written with every value in CDATA, as WeChat writes it.
 */
public final class WechatXml {

  private WechatXml() {}

  /** The children of {@code <xml>} as name → text; IllegalArgumentException if it is not that. */
  public static Map<String, String> parse(String xml) {
    if (xml == null || xml.isBlank()) {
      throw new IllegalArgumentException("empty body");
    }
    try {
      Document document =
          builder().parse(new ByteArrayInputStream(xml.strip().getBytes(StandardCharsets.UTF_8)));
      Element root = document.getDocumentElement();
      if (!root.getNodeName().equals("xml")) {
        throw new IllegalArgumentException("the root element must be <xml>");
      }
      Map<String, String> fields = new LinkedHashMap<>();
      NodeList children = root.getChildNodes();
      for (int i = 0; i < children.getLength(); i++) {
        Node child = children.item(i);
        if (child.getNodeType() == Node.ELEMENT_NODE) {
          fields.putIfAbsent(child.getNodeName(), child.getTextContent().strip());
        }
      }
      return fields;
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalArgumentException("not XML: " + e.getMessage());
    }
  }

  /** {@code <xml><k><![CDATA[v]]></k>...</xml>}, null values left out. */
  public static String write(Map<String, String> fields) {
    StringBuilder xml = new StringBuilder("<xml>");
    fields.forEach(
        (name, value) -> {
          if (value != null) {
            xml.append('<')
                .append(name)
                .append("><![CDATA[")
                .append(value.replace("]]>", "]]]]><![CDATA[>"))
                .append("]]></")
                .append(name)
                .append('>');
          }
        });
    return xml.append("</xml>").toString();
  }

  private static DocumentBuilder builder() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
    factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    factory.setXIncludeAware(false);
    factory.setExpandEntityReferences(false);
    return factory.newDocumentBuilder();
  }
}
