// Validator for the properties tests: loads each file with java.util.Properties (UTF-8, strict
// decoding, as FORMATS.md prescribes) and prints what Java read, so tests can compare it with ours.
import java.io.*;
import java.nio.charset.*;
import java.nio.file.*;
import java.util.*;

public class PropCheck {
  static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  public static void main(String[] args) throws Exception {
    int bad = 0;
    for (String f : args) {
      Properties p = new Properties();
      try {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        p.load(new InputStreamReader(new ByteArrayInputStream(Files.readAllBytes(Path.of(f))), d));
        StringBuilder out = new StringBuilder("{");
        List<String> keys = new ArrayList<>(p.stringPropertyNames());
        Collections.sort(keys);
        for (int i = 0; i < keys.size(); i++) {
          if (i > 0) out.append(',');
          out.append(json(keys.get(i))).append(':').append(json(p.getProperty(keys.get(i))));
        }
        System.out.println("OK\t" + f + "\t" + out.append('}'));
      } catch (IllegalArgumentException | IOException e) {
        bad++;
        System.out.println("FAIL\t" + f + "\t" + json(e.toString()));
      }
    }
    System.exit(bad == 0 ? 0 : 1);
  }
}
