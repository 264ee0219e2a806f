<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>gw::Accounts</name>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>cap of %1 per person</source>
        <translation>Obergrenze von %1 pro Person</translation>
    </message>
    <message>
        <source>cap of %1 per member of account %2</source>
        <translation>Obergrenze von %1 pro Mitglied des Kontos %2</translation>
    </message>
    <message>
        <source>cap of %1 for account %2</source>
        <translation>Obergrenze von %1 für Konto %2</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>Konto %1</translation>
    </message>
    <message>
        <source>%1 holds %2</source>
        <translation>%1 belegt %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2, asks for %3 more</source>
        <translation>%1: %2, fordert %3 weitere an</translation>
    </message>
</context>
<context>
    <name>gw::AdjustBalanceDialog</name>
    <message>
        <source>Adjust balance</source>
        <translation>Guthaben anpassen</translation>
    </message>
    <message>
        <source>Tokens to add (negative: to take away).</source>
        <translation>Hinzuzufügende Token (negativ: abzuziehende).</translation>
    </message>
    <message>
        <source>Why (required), e.g. &quot;deadline extension&quot;</source>
        <translation>Grund (erforderlich), z. B. &quot;Fristverlängerung&quot;</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>&amp;Anzahl:</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Grund:</translation>
    </message>
    <message>
        <source>Adjust</source>
        <translation>Anpassen</translation>
    </message>
    <message>
        <source>The adjustment is added to the agent&apos;s ledger, with your name and the reason.</source>
        <translation>Die Anpassung wird mit Ihrem Namen und dem Grund in die Buchungen des Agenten eingetragen.</translation>
    </message>
    <message>
        <source>No agent keeps these books: they are computed on this computer from its readings, so the adjustment is not recorded anywhere yet.</source>
        <translation>Kein Agent führt dieses Token-Buch: es wird auf diesem Computer aus dessen eigenen Messungen berechnet, daher wird die Anpassung noch nirgends festgehalten.</translation>
    </message>
    <message>
        <source>The adjustment is added to the ledger %1 keeps, with the name of this desktop&apos;s token for it and the reason.</source>
        <translation>Die Anpassung wird in die Buchungen eingetragen, die %1 führt, mit dem Namen des Zugriffstokens dieser Desktop-Anwendung dafür und dem Grund.</translation>
    </message>
    <message>
        <source>Sending to %1…</source>
        <translation>Wird an %1 gesendet…</translation>
    </message>
    <message>
        <source>Not adjusted: %1</source>
        <translation>Nicht angepasst: %1</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
</context>
<context>
    <name>gw::AgentBooks</name>
    <message>
        <source>This desktop watches no agents: the books are computed here from its own readings.</source>
        <translation>Diese Desktop-Anwendung beobachtet keine Agenten: das Token-Buch wird hier aus ihren eigenen Messungen berechnet.</translation>
    </message>
    <message>
        <source>%1 relays the books of %2, which this desktop does not watch.</source>
        <translation>%1 reicht das Token-Buch von %2 weiter; diese Desktop-Anwendung beobachtet ihn nicht.</translation>
    </message>
    <message>
        <source>its keeper</source>
        <translation>seinem buchführenden Agenten</translation>
    </message>
    <message>
        <source>%1 keeps no token books (its policy has no [tokens]).</source>
        <translation>%1 führt kein Token-Buch (seine Richtlinie hat kein [tokens]).</translation>
    </message>
    <message>
        <source>No watched agent keeps the token books: they are computed here from this desktop&apos;s readings.</source>
        <translation>Kein beobachteter Agent führt das Token-Buch: es wird hier aus den Messungen dieser Desktop-Anwendung berechnet.</translation>
    </message>
    <message>
        <source>The token books of %1 could not be read: %2</source>
        <translation>Das Token-Buch von %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>No agent keeps these books: the adjustment has nowhere to go.</source>
        <translation>Kein Agent führt dieses Token-Buch: die Anpassung kann nirgends eingetragen werden.</translation>
    </message>
</context>
<context>
    <name>gw::AgentLink</name>
    <message>
        <source>%1: not a samples reply (no &quot;samples&quot;, &quot;next&quot; or &quot;last_sequence&quot;); is this a gpuwarden-agent?</source>
        <translation>%1: keine Samples-Antwort (kein &quot;samples&quot;, &quot;next&quot; oder &quot;last_sequence&quot;); ist das ein gpuwarden-agent?</translation>
    </message>
    <message>
        <source>no new reading for %1 s; the agent answers but takes no readings</source>
        <translation>seit %1 s keine neue Messung; der Agent antwortet, nimmt aber keine Messungen vor</translation>
    </message>
    <message>
        <source>%1: /v1/info has no stream or last_sequence; is this a gpuwarden-agent?</source>
        <translation>%1: /v1/info hat weder stream noch last_sequence; ist das ein gpuwarden-agent?</translation>
    </message>
    <message>
        <source>%1: not an events reply (no &quot;events&quot;, &quot;next&quot; or &quot;last_sequence&quot;)</source>
        <translation>%1: keine Ereignis-Antwort (kein &quot;events&quot;, &quot;next&quot; oder &quot;last_sequence&quot;)</translation>
    </message>
    <message>
        <source>no &quot;event&quot; object</source>
        <translation>kein &quot;event&quot;-Objekt</translation>
    </message>
    <message>
        <source>%1: /v1/allocate: %2</source>
        <translation>%1: /v1/allocate: %2</translation>
    </message>
    <message>
        <source>%1 answers as another agent since %2 (identity %3, before %4): its readings and history are kept apart from the earlier agent&apos;s</source>
        <translation>%1 antwortet seit %2 als ein anderer Agent (Identität %3, vorher %4): seine Messungen und sein Verlauf werden getrennt von denen des früheren Agenten geführt</translation>
    </message>
    <message>
        <source>%1: /v1/samples: %2</source>
        <translation>%1: /v1/samples: %2</translation>
    </message>
    <message>
        <source>%1: no reading of %2 is usable: %3</source>
        <translation>%1: keine Messung von %2 ist verwendbar: %3</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>Verbindung wird aufgebaut</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>no token given</source>
        <translation>kein Zugriffstoken angegeben</translation>
    </message>
    <message>
        <source>the token was refused</source>
        <translation>das Zugriffstoken wurde abgewiesen</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>Authentifizierung fehlgeschlagen</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>certificate not trusted</source>
        <translation>Zertifikat nicht vertrauenswürdig</translation>
    </message>
    <message>
        <source>certificate changed</source>
        <translation>Zertifikat geändert</translation>
    </message>
    <message>
        <source>bad replies</source>
        <translation>fehlerhafte Antworten</translation>
    </message>
    <message>
        <source>clock %1 s ahead</source>
        <translation>Uhr %1 s vor</translation>
    </message>
    <message>
        <source>clock %1 s behind</source>
        <translation>Uhr %1 s nach</translation>
    </message>
</context>
<context>
    <name>gw::AgentReadings</name>
    <message>
        <source>--source: give the range (--from, and --to, default now)</source>
        <translation>--source: Zeitraum angeben (--from und --to, Standard: jetzt)</translation>
    </message>
    <message>
        <source>%1: /v1/info has no now_ms</source>
        <translation>%1: /v1/info enthält kein now_ms</translation>
    </message>
    <message>
        <source>after reading %1 (the reading of %2)</source>
        <translation>nach Messung %1 (die Messung von %2)</translation>
    </message>
    <message>
        <source>after line %1 (the reading of %2)</source>
        <translation>nach Zeile %1 (die Messung von %2)</translation>
    </message>
    <message>
        <source>before the first reading</source>
        <translation>vor der ersten Messung</translation>
    </message>
    <message>
        <source>%1: line %2: %3</source>
        <translation>%1: Zeile %2: %3</translation>
    </message>
    <message>
        <source>the server&apos;s certificate is not the pinned one</source>
        <translation>das Zertifikat des Servers ist nicht das gepinnte</translation>
    </message>
    <message>
        <source>the last reading is cut</source>
        <translation>die letzte Messung ist abgeschnitten</translation>
    </message>
    <message>
        <source>the last line is cut</source>
        <translation>die letzte Zeile ist abgeschnitten</translation>
    </message>
    <message>
        <source>%1: the readings stopped %2: %3</source>
        <translation>%1: die Messungen endeten %2: %3</translation>
    </message>
    <message>
        <source>%1: the readings are not a CBOR array of indefinite length</source>
        <translation>%1: die Messungen sind kein CBOR-Array unbestimmter Länge</translation>
    </message>
    <message>
        <source>%1: reading %2: %3</source>
        <translation>%1: Messung %2: %3</translation>
    </message>
    <message>
        <source>%1: the agent&apos;s policy cannot be read back: %2; give --policy</source>
        <translation>%1: die Richtlinie des Agenten kann nicht zurückgelesen werden: %2; --policy angeben</translation>
    </message>
    <message>
        <source>the agents&apos; policies differ (%1 and %2): the report uses the policy of %1; give --policy to choose</source>
        <translation>die Richtlinien der Agenten unterscheiden sich (%1 und %2): der Bericht verwendet die Richtlinie von %1; zur Auswahl --policy angeben</translation>
    </message>
    <message>
        <source>%1: the readings stopped %2: a line longer than %3 MiB</source>
        <translation>%1: die Messungen endeten %2: eine Zeile länger als %3 MiB</translation>
    </message>
</context>
<context>
    <name>gw::AgentServer</name>
    <message numerus="yes">
        <source>the policy has %n error(s); nothing was changed</source>
        <translation>
            <numerusform>die Richtlinie enthält %n Fehler; nichts wurde geändert</numerusform>
            <numerusform>die Richtlinie enthält %n Fehler; nichts wurde geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than %n day(s)</source>
        <translation>
            <numerusform>der Zeitraum ist länger als %n Tag</numerusform>
            <numerusform>der Zeitraum ist länger als %n Tage</numerusform>
        </translation>
    </message>
    <message>
        <source>reading %1: %2</source>
        <translation>Messung %1: %2</translation>
    </message>
    <message>
        <source>the readings after number %1 were removed from the journal while the replay read them (they passed its retention): the replay stopped there; ask for a range that starts later</source>
        <translation>die Messungen nach Nummer %1 wurden aus dem Journal entfernt, während das Nachspielen sie las (ihre Aufbewahrungsfrist war abgelaufen): das Nachspielen endete dort; einen später beginnenden Zeitraum anfordern</translation>
    </message>
    <message>
        <source>the agent runs in a PID namespace of its own (a container without the host&apos;s, e.g. without --pid=host): the driver&apos;s process ids are not its own, so no GPU process is named; run it in the host&apos;s PID namespace</source>
        <translation>der Agent läuft in einem eigenen PID-Namespace (ein Container ohne den des Hosts, z. B. ohne --pid=host): die Prozess-IDs des Treibers sind nicht seine eigenen, daher wird kein GPU-Prozess benannt; den Agenten im PID-Namespace des Hosts ausführen</translation>
    </message>
    <message numerus="yes">
        <source>a replay is running, the one this agent runs at a time; ask again in %n s</source>
        <translation>
            <numerusform>ein Nachspielen läuft, das eine, das dieser Agent zugleich ausführt; in %n Sekunde erneut fragen</numerusform>
            <numerusform>ein Nachspielen läuft, das eine, das dieser Agent zugleich ausführt; in %n Sekunden erneut fragen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation>%1: die Richtlinie kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>refused; the policy in force (version %1) stays</source>
        <translation>abgelehnt; die geltende Richtlinie (Version %1) bleibt</translation>
    </message>
    <message>
        <source>send the policy (policy.toml text) as the request body</source>
        <translation>die Richtlinie (Text der policy.toml) als Anfragerumpf senden</translation>
    </message>
    <message>
        <source>cannot keep the previous policy as %1</source>
        <translation>die vorige Richtlinie kann nicht als %1 aufbewahrt werden</translation>
    </message>
    <message>
        <source>cannot write %1 (%2); the policy in force stays</source>
        <translation>%1 kann nicht geschrieben werden (%2); die geltende Richtlinie bleibt</translation>
    </message>
    <message>
        <source>the agent has no policy file configured ([policy] path): the policy is in force until the agent restarts</source>
        <translation>der Agent hat keine Richtliniendatei eingerichtet ([policy] path): die Richtlinie gilt, bis der Agent neu startet</translation>
    </message>
    <message>
        <source>&quot;from&quot; and &quot;to&quot; are required (ms since the epoch)</source>
        <translation>&quot;from&quot; und &quot;to&quot; sind erforderlich (ms seit der Epoche)</translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation>&quot;to&quot; muss nach &quot;from&quot; liegen</translation>
    </message>
    <message>
        <source>the replay found %1 events, the most one answer holds, and stopped after the reading at %2 ms; replay from there for the rest</source>
        <translation>das Nachspielen fand %1 Ereignisse, die meisten, die eine Antwort fasst, und hielt nach der Messung bei %2 ms an; für den Rest ab dort nachspielen</translation>
    </message>
</context>
<context>
    <name>gw::AgentWire</name>
    <message>
        <source>%1: the server&apos;s certificate changed and is refused: it differs from the pinned one. Pinned SHA-256 %2, offered %3. If the certificate was replaced on purpose, check the new fingerprint on the server and pin it again.</source>
        <translation>%1: das Zertifikat des Servers hat sich geändert und wird abgewiesen: es weicht vom festgelegten ab. Festgelegter SHA-256 %2, angeboten %3. Wurde das Zertifikat absichtlich ersetzt, den neuen Fingerabdruck auf dem Server prüfen und erneut festlegen.</translation>
    </message>
    <message>
        <source>%1: no trusted CA vouches for the server&apos;s certificate (%2). Its SHA-256 fingerprint is %3; pin it only after checking it on the server.</source>
        <translation>%1: keine vertrauenswürdige CA bürgt für das Zertifikat des Servers (%2). Sein SHA-256-Fingerabdruck ist %3; ihn erst nach Prüfung auf dem Server festlegen.</translation>
    </message>
    <message>
        <source>%1: the reply is larger than %2 bytes; refused</source>
        <translation>%1: die Antwort ist größer als %2 Bytes; abgelehnt</translation>
    </message>
    <message>
        <source>%1: no complete reply within %2 s, the deadline of the whole call (the agent sends too slowly)</source>
        <translation>%1: keine vollständige Antwort innerhalb von %2 s, der Frist des gesamten Aufrufs (der Agent sendet zu langsam)</translation>
    </message>
    <message>
        <source>%1: no complete reply in time (the agent is slow or stuck)</source>
        <translation>%1: keine vollständige Antwort innerhalb der Frist (der Agent ist langsam oder hängt)</translation>
    </message>
    <message>
        <source>%1: unreachable: %2</source>
        <translation>%1: nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>%1: the reply broke off (%2)</source>
        <translation>%1: die Antwort brach ab (%2)</translation>
    </message>
    <message>
        <source>%1: malformed JSON at offset %2: %3</source>
        <translation>%1: fehlerhaftes JSON bei Offset %2: %3</translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation>%1: JSON-Objekt erwartet</translation>
    </message>
</context>
<context>
    <name>gw::AlertNotifier</name>
    <message>
        <source>%1: warning</source>
        <translation>%1: Warnung</translation>
    </message>
    <message>
        <source>%1: not acted on</source>
        <translation>%1: keine Maßnahme ergriffen</translation>
    </message>
    <message>
        <source>%1: would %2 (dry run)</source>
        <translation>%1: würde %2 (Probelauf)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>gw::Alerter</name>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>SIGTERM sent</source>
        <translation>SIGTERM gesendet</translation>
    </message>
    <message>
        <source>SIGKILL sent</source>
        <translation>SIGKILL gesendet</translation>
    </message>
    <message>
        <source>dry run: %1</source>
        <translation>Probelauf: %1</translation>
    </message>
    <message>
        <source>no answer within %1</source>
        <translation>keine Antwort innerhalb von %1</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source> … and %1 more</source>
        <translation> … und %1 weitere</translation>
    </message>
    <message>
        <source>worse: now failing</source>
        <translation>schlechter: jetzt ausfallend</translation>
    </message>
</context>
<context>
    <name>gw::AllocationDesk</name>
    <message>
        <source>the agent has not taken a reading yet</source>
        <translation>der Agent hat noch keine Messung vorgenommen</translation>
    </message>
    <message>
        <source>1 GPU asked</source>
        <translation>1 GPU angefordert</translation>
    </message>
    <message>
        <source>%1 GPUs asked</source>
        <translation>%1 GPUs angefordert</translation>
    </message>
    <message>
        <source>1 qualifies</source>
        <translation>1 geeignet</translation>
    </message>
    <message>
        <source>%1 qualify</source>
        <translation>%1 geeignet</translation>
    </message>
    <message>
        <source> after waiting %1 s</source>
        <translation> nach %1 s Wartezeit</translation>
    </message>
    <message>
        <source>%1 callers are waiting, the most this agent holds with its descriptor limit: callers that would wait are answered 503 until fewer wait</source>
        <translation>%1 Aufrufer warten, so viele, wie dieser Agent mit seinem Deskriptor-Limit halten kann: Aufrufer, die warten würden, erhalten 503, bis weniger warten</translation>
    </message>
    <message>
        <source>%1 callers are already waiting for GPUs, the most this agent holds with its descriptor limit; ask again in %2 s</source>
        <translation>%1 Aufrufer warten bereits auf GPUs, so viele, wie dieser Agent mit seinem Deskriptor-Limit halten kann; in %2 s erneut anfragen</translation>
    </message>
    <message>
        <source>%1 callers waiting: callers may wait again</source>
        <translation>%1 Aufrufer warten: Aufrufer dürfen wieder warten</translation>
    </message>
    <message>
        <source>no reservation %1 is held (it ended, expired, or never was)</source>
        <translation>keine Reservierung %1 wird gehalten (sie ist beendet, abgelaufen oder hat nie bestanden)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is given more than once</source>
        <translation>&quot;%1&quot; ist mehrfach angegeben</translation>
    </message>
    <message>
        <source>&quot;user&quot;: expected 1 to %1 characters (?user=NAME)</source>
        <translation>&quot;user&quot;: 1 bis %1 Zeichen erwartet (?user=NAME)</translation>
    </message>
    <message>
        <source>the policy engine has no reading of this server yet</source>
        <translation>die Richtlinien-Engine hat noch keine Messung dieses Servers</translation>
    </message>
    <message>
        <source>the policy engine has not evaluated a reading of %1 yet</source>
        <translation>die Richtlinien-Engine hat noch keine Messung von %1 ausgewertet</translation>
    </message>
</context>
<context>
    <name>gw::AuditLog</name>
    <message>
        <source> on GPU %1</source>
        <translation> auf GPU %1</translation>
    </message>
    <message>
        <source>Token books on %1: %2 (PID %3, %4)%5 — %6: %7</source>
        <translation>Token-Buch auf %1: %2 (PID %3, %4)%5 — %6: %7</translation>
    </message>
</context>
<context>
    <name>gw::AuditModel</name>
    <message>
        <source>%1: %2 of %3&apos;s process %4 (%5) by %6, %7: %8%9</source>
        <translation>%1: %2 des Prozesses %4 (%5) von %3 durch %6, %7: %8%9</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>By</source>
        <translation>Durch</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>gw::BalanceEnforcer</name>
    <message>
        <source>notify</source>
        <translation>benachrichtigt werden</translation>
    </message>
    <message>
        <source>renice</source>
        <translation>per renice herabgestuft werden</translation>
    </message>
    <message>
        <source>send SIGTERM to</source>
        <translation>SIGTERM erhalten</translation>
    </message>
    <message>
        <source>send SIGKILL to</source>
        <translation>SIGKILL erhalten</translation>
    </message>
    <message>
        <source>dry run: would %1: %2 runs in it</source>
        <translation>Probelauf: würde %1: %2 läuft darin</translation>
    </message>
    <message>
        <source>dry run: would %1 %2</source>
        <translation>Probelauf: %2 würde %1</translation>
    </message>
    <message>
        <source>%1 notified: %2</source>
        <translation>%1 benachrichtigt: %2</translation>
    </message>
    <message>
        <source>asked to %1: %2 runs in it</source>
        <translation>Aufforderung gesendet, %1: %2 läuft darin</translation>
    </message>
    <message>
        <source>process %1 already got SIGTERM; its SIGKILL follows if it still runs</source>
        <translation>Prozess %1 hat bereits SIGTERM erhalten; SIGKILL folgt, falls er noch läuft</translation>
    </message>
    <message>
        <source>%1 is not a candidate now</source>
        <translation>%1 ist derzeit kein Kandidat</translation>
    </message>
    <message>
        <source>enforcement is off: no step is due</source>
        <translation>die Durchsetzung ist aus: kein Schritt ist fällig</translation>
    </message>
    <message>
        <source>no step is due for %1</source>
        <translation>für %1 ist kein Schritt fällig</translation>
    </message>
    <message>
        <source>the step due for %1 is %2, not %3</source>
        <translation>der fällige Schritt für %1 ist %2, nicht %3</translation>
    </message>
    <message>
        <source>%1 is due for %2 in %3 s</source>
        <translation>%1 ist für %2 in %3 s fällig</translation>
    </message>
    <message>
        <source>%1 declined by %2</source>
        <translation>%1 abgelehnt von %2</translation>
    </message>
    <message>
        <source>%1 declined by %2: %3</source>
        <translation>%1 abgelehnt von %2: %3</translation>
    </message>
    <message>
        <source>pid: &quot;%1&quot; is not a process id</source>
        <translation>pid: &quot;%1&quot; ist keine Prozess-ID</translation>
    </message>
    <message>
        <source>%1 is protected by [tokens] protected_users or protected_commands: never touched</source>
        <translation>%1 ist durch [tokens] protected_users oder protected_commands geschützt: wird nie angetastet</translation>
    </message>
</context>
<context>
    <name>gw::BalancePlot</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Balance over time (tokens)</source>
        <translation>Guthaben über die Zeit (Token)</translation>
    </message>
    <message>
        <source>Balance of %1 over time (tokens)</source>
        <translation>Guthaben von %1 über die Zeit (Token)</translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation>Untergrenze %1</translation>
    </message>
    <message>
        <source>No ledger entries yet</source>
        <translation>Noch keine Buchungen</translation>
    </message>
    <message>
        <source>No balances to draw.</source>
        <translation>Keine Guthaben zum Zeichnen.</translation>
    </message>
    <message>
        <source>balance %1 tokens; lowest %2, highest %3 since %4</source>
        <translation>Guthaben %1 Token; niedrigster Stand %2, höchster %3 seit %4</translation>
    </message>
    <message>
        <source>at or below the floor (%1)</source>
        <translation>auf oder unter der Untergrenze (%1)</translation>
    </message>
    <message>
        <source>No balances to show.</source>
        <translation>Keine Guthaben anzuzeigen.</translation>
    </message>
    <message numerus="yes">
        <source>Balance over time from %1 to %2: %n users</source>
        <translation>
            <numerusform>Guthaben im Zeitverlauf von %1 bis %2: %n Benutzer</numerusform>
            <numerusform>Guthaben im Zeitverlauf von %1 bis %2: %n Benutzer</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::ClockEventBand</name>
    <message>
        <source>Clock slowdowns</source>
        <translation>Taktdrosselungen</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 für %2</translation>
    </message>
    <message>
        <source>Clock slowdowns: none in this range</source>
        <translation>Taktdrosselungen: keine in diesem Zeitraum</translation>
    </message>
    <message>
        <source>Clock slowdowns: not reported</source>
        <translation>Taktdrosselungen: nicht gemeldet</translation>
    </message>
    <message>
        <source>Clocks slowed by %1 from %2 to %3 (%4)</source>
        <translation>Takte gedrosselt durch %1 von %2 bis %3 (%4)</translation>
    </message>
</context>
<context>
    <name>gw::CommandLine</name>
    <message>
        <source>Read a gpuwarden-agent at this URL instead of this machine (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation>Einen gpuwarden-agent unter dieser URL statt dieses Rechners lesen (Port 9807, sofern nicht angegeben; Zugriffstoken aus GPUWARDEN_TOKEN, sonst aus dem Schlüsselbund).</translation>
    </message>
    <message>
        <source>Also watch the gpuwarden-agent at this URL, beside this machine and the servers of File → Servers… (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation>Zusätzlich den gpuwarden-agent unter dieser URL beobachten, neben diesem Rechner und den Servern aus Datei → Server… (Port 9807, sofern nicht angegeben; Zugriffstoken aus GPUWARDEN_TOKEN, sonst aus dem Schlüsselbund).</translation>
    </message>
    <message>
        <source>url</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>With an https:// --source: accept only the certificate with this SHA-256 fingerprint (AB:CD:…, as openssl x509 -fingerprint -sha256 prints it), self-signed or not.</source>
        <translation>Bei einer https://-Adresse in --source: nur das Zertifikat mit diesem SHA-256-Fingerabdruck akzeptieren (AB:CD:…, wie openssl x509 -fingerprint -sha256 ihn ausgibt), selbstsigniert oder nicht.</translation>
    </message>
    <message>
        <source>sha256</source>
        <translation>sha256</translation>
    </message>
    <message>
        <source>--source: expected an http:// or https:// URL of an agent, got &quot;%1&quot;: %2</source>
        <translation>--source: http://- oder https://-URL eines Agenten erwartet, erhalten: &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>--pin: expected a SHA-256 fingerprint (64 hex digits, colons allowed), got &quot;%1&quot;</source>
        <translation>--pin: SHA-256-Fingerabdruck erwartet (64 Hexadezimalziffern, Doppelpunkte erlaubt), erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--pin needs an https:// --source</source>
        <translation>--pin erfordert eine https://-Adresse in --source</translation>
    </message>
    <message>
        <source>the token came from GPUWARDEN_TOKEN</source>
        <translation>das Zugriffstoken stammt aus GPUWARDEN_TOKEN</translation>
    </message>
    <message>
        <source>the token came from the keychain (key &quot;%1&quot;)</source>
        <translation>das Zugriffstoken stammt aus dem Schlüsselbund (Schlüssel &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain could not be read (key &quot;%1&quot;): %2</source>
        <translation>kein Zugriffstoken: GPUWARDEN_TOKEN ist nicht gesetzt und der Schlüsselbund konnte nicht gelesen werden (Schlüssel &quot;%1&quot;): %2</translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain has none under &quot;%1&quot; (store one with: gpuwarden-cli token set --source URL)</source>
        <translation>kein Zugriffstoken: GPUWARDEN_TOKEN ist nicht gesetzt und der Schlüsselbund enthält keines unter &quot;%1&quot; (eines speichern mit: gpuwarden-cli token set --source URL)</translation>
    </message>
    <message>
        <source>--source is given %1 times; this command reads one agent</source>
        <translation>--source ist %1-mal angegeben; dieser Befehl liest einen einzigen Agenten</translation>
    </message>
    <message>
        <source>--source %1 is given twice</source>
        <translation>--source %1 ist doppelt angegeben</translation>
    </message>
    <message>
        <source>Token for %1 (not echoed): </source>
        <translation>Zugriffstoken für %1 (ohne Anzeige): </translation>
    </message>
    <message>
        <source>cannot read the token from standard input: %1</source>
        <translation>das Zugriffstoken kann nicht von der Standardeingabe gelesen werden: %1</translation>
    </message>
    <message>
        <source>no token on standard input (pipe it in: printf %s &quot;$TOKEN&quot; | gpuwarden-cli token set --source URL)</source>
        <translation>kein Zugriffstoken auf der Standardeingabe (per Pipe übergeben: printf %s &quot;$TOKEN&quot; | gpuwarden-cli token set --source URL)</translation>
    </message>
    <message>
        <source>the token on standard input is longer than %1 bytes</source>
        <translation>das Zugriffstoken auf der Standardeingabe ist länger als %1 Bytes</translation>
    </message>
    <message>
        <source>GPU backend: auto (NVML, then nvidia-smi, then amdgpu), nvml, nvidia-smi, amdgpu or host.</source>
        <translation>GPU-Backend: auto (NVML, dann nvidia-smi, dann amdgpu), nvml, nvidia-smi, amdgpu oder host.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Root of the /proc tree to read.</source>
        <translation>Wurzel des zu lesenden /proc-Baums.</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>Verzeichnis</translation>
    </message>
    <message>
        <source>Root of the /sys tree to read.</source>
        <translation>Wurzel des zu lesenden /sys-Baums.</translation>
    </message>
    <message>
        <source>Where the cgroup file systems are mounted.</source>
        <translation>Wo die cgroup-Dateisysteme eingehängt sind.</translation>
    </message>
    <message>
        <source>NVML library to load (name searched on the library path, or a path).</source>
        <translation>Zu ladende NVML-Bibliothek (Name, im Bibliothekspfad gesucht, oder ein Pfad).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>nvidia-smi program (name on PATH, or a path).</source>
        <translation>nvidia-smi-Programm (Name im PATH oder ein Pfad).</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a directory</source>
        <translation>%1: &quot;%2&quot; ist kein Verzeichnis</translation>
    </message>
    <message>
        <source>--backend: unknown backend &quot;%1&quot; (known: %2)</source>
        <translation>--backend: unbekanntes Backend &quot;%1&quot; (bekannt: %2)</translation>
    </message>
</context>
<context>
    <name>gw::CoordClient</name>
    <message>
        <source>%1: not an allocation: %2</source>
        <translation>%1: keine Zuteilung: %2</translation>
    </message>
    <message>
        <source>%1/v1/advice: not advice: %2</source>
        <translation>%1/v1/advice: keine Empfehlung: %2</translation>
    </message>
    <message>
        <source>%1/v1/allocate: not an allocation state: %2</source>
        <translation>%1/v1/allocate: kein Zuteilungsstatus: %2</translation>
    </message>
    <message>
        <source>%1/v1/balances: no &quot;balances&quot; object in the reply</source>
        <translation>%1/v1/balances: kein &quot;balances&quot;-Objekt in der Antwort</translation>
    </message>
    <message>
        <source>%1/v1/ledger: the cursor did not move</source>
        <translation>%1/v1/ledger: der Cursor hat sich nicht bewegt</translation>
    </message>
</context>
<context>
    <name>gw::CoordJson</name>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>Zeichenkette erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a string or null, got %1</source>
        <translation>Zeichenkette oder null erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected an integer from %1 to %2, got %3</source>
        <translation>Ganzzahl von %1 bis %2 erwartet, erhalten: %3</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2, got %3</source>
        <translation>Zahl von %1 bis %2 erwartet, erhalten: %3</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>true oder false erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected an array of strings, got %1</source>
        <translation>Array von Zeichenketten erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>item %1: expected a string, got %2</source>
        <translation>Element %1: Zeichenkette erwartet, erhalten: %2</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>Array erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>Objekt erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a unit id, got an empty string</source>
        <translation>Einheiten-ID erwartet, leere Zeichenkette erhalten</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>true oder false erwartet</translation>
    </message>
    <message>
        <source>expected a reservation id, got an empty string</source>
        <translation>Reservierungs-ID erwartet, leere Zeichenkette erhalten</translation>
    </message>
    <message>
        <source>expected at least one unit</source>
        <translation>mindestens eine Einheit erwartet</translation>
    </message>
    <message>
        <source>is before created_ms</source>
        <translation>liegt vor created_ms</translation>
    </message>
    <message>
        <source>send a JSON object as the request body, at least {&quot;user&quot;: &quot;…&quot;}</source>
        <translation>ein JSON-Objekt als Anfragetext senden, mindestens {&quot;user&quot;: &quot;…&quot;}</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>fehlerhaftes JSON bei Offset %1: %2</translation>
    </message>
    <message>
        <source>expected a JSON object as the request body</source>
        <translation>JSON-Objekt als Anfragetext erwartet</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: unknown key (known: %2)</source>
        <translation>&quot;%1&quot;: unbekannter Schlüssel (bekannt: %2)</translation>
    </message>
    <message>
        <source>expected a number of seconds from 0 to %1, got %2</source>
        <translation>Anzahl Sekunden von 0 bis %1 erwartet, erhalten: %2</translation>
    </message>
    <message>
        <source>%1 s is longer than this agent&apos;s longest wait, %2 s ([allocate] max_wait)</source>
        <translation>%1 s ist länger als die längste Wartezeit dieses Agenten, %2 s ([allocate] max_wait)</translation>
    </message>
    <message>
        <source>required: the user the GPUs are for</source>
        <translation>erforderlich: der Benutzer, für den die GPUs bestimmt sind</translation>
    </message>
    <message>
        <source>expected 1 to %1 characters, got %2</source>
        <translation>1 bis %1 Zeichen erwartet, erhalten: %2</translation>
    </message>
    <message>
        <source>control characters are not allowed</source>
        <translation>Steuerzeichen sind nicht erlaubt</translation>
    </message>
    <message>
        <source>expected &quot;allow&quot;, &quot;only&quot; or &quot;never&quot;, got &quot;%1&quot;</source>
        <translation>&quot;allow&quot;, &quot;only&quot; oder &quot;never&quot; erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>gw::DailyReporter</name>
    <message>
        <source>%1: [reports] dir &quot;%2&quot; cannot be created</source>
        <translation>%1: [reports] dir &quot;%2&quot; kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1: [reports] dir &quot;%2&quot; cannot be written to: %3</source>
        <translation>%1: in [reports] dir &quot;%2&quot; kann nicht geschrieben werden: %3</translation>
    </message>
    <message>
        <source>%1: %2 could not be started: %3</source>
        <translation>%1: %2 konnte nicht gestartet werden: %3</translation>
    </message>
    <message>
        <source>%1: gpuwarden-cli did not finish in time; stopped</source>
        <translation>%1: gpuwarden-cli wurde nicht rechtzeitig fertig; angehalten</translation>
    </message>
    <message>
        <source>%1: gpuwarden-cli failed (exit %2): %3</source>
        <translation>%1: gpuwarden-cli fehlgeschlagen (Exit-Code %2): %3</translation>
    </message>
</context>
<context>
    <name>gw::DemoProducer</name>
    <message>
        <source>Demo mode: one simulated server, %1.</source>
        <translation>Demomodus: ein simulierter Server, %1.</translation>
    </message>
    <message numerus="yes">
        <source>Demo mode: a simulated fleet of %n servers.</source>
        <translation>
            <numerusform>Demomodus: ein simulierter Serverbestand aus %n Server.</numerusform>
            <numerusform>Demomodus: ein simulierter Serverbestand aus %n Servern.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::DoctorRoute</name>
    <message>
        <source>a doctor&apos;s check is running and another waits; ask again in 5 s</source>
        <translation>eine doctor-Prüfung läuft und eine weitere wartet; in 5 s erneut anfragen</translation>
    </message>
    <message>
        <source>this agent runs without agent.toml (--demo without --config): there is no installation to check</source>
        <translation>dieser Agent läuft ohne agent.toml (--demo ohne --config): es gibt keine Installation zu prüfen</translation>
    </message>
</context>
<context>
    <name>gw::Duration</name>
    <message>
        <source>expected a whole number and a unit (ms, s, m, h, d), such as 30s, 10m or 2h; got &quot;%1&quot;</source>
        <translation>eine ganze Zahl und eine Einheit (ms, s, m, h, d) erwartet, etwa 30s, 10m oder 2h; erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no unit (ms, s, m, h, d)</source>
        <translation>&quot;%1&quot; hat keine Einheit (ms, s, m, h, d)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too long a span</source>
        <translation>&quot;%1&quot; ist eine zu lange Zeitspanne</translation>
    </message>
</context>
<context>
    <name>gw::Enforcement</name>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>GPU utilisation %1 % ≥ %2 % for %3</source>
        <translation>GPU-Auslastung %1 % ≥ %2 % für %3</translation>
    </message>
    <message>
        <source>an allocation could not be served at %1</source>
        <translation>eine Zuteilung konnte um %1 nicht bedient werden</translation>
    </message>
    <message>
        <source>balance %1 at or below the floor %2</source>
        <translation>Guthaben %1 auf oder unter der Untergrenze %2</translation>
    </message>
    <message>
        <source>balance %1 below zero under high demand</source>
        <translation>Guthaben %1 unter null bei hohem Bedarf</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementClient</name>
    <message>
        <source>%1: this agent&apos;s token has read access only; confirming or declining needs a token with admin scope (HTTP 403)</source>
        <translation>%1: das Zugriffstoken dieses Agenten hat nur Lesezugriff; Bestätigen oder Ablehnen erfordert ein Zugriffstoken mit Admin-Berechtigung (HTTP 403)</translation>
    </message>
    <message>
        <source>%1: that step is not the one due now (HTTP 409 step_not_due%2); the candidates are read again</source>
        <translation>%1: dieser Schritt ist nicht der jetzt fällige (HTTP 409 step_not_due%2); die Kandidaten werden neu gelesen</translation>
    </message>
    <message>
        <source>%1: the agent no longer lists this candidate (HTTP 404 unknown_candidate)</source>
        <translation>%1: der Agent führt diesen Kandidaten nicht mehr (HTTP 404 unknown_candidate)</translation>
    </message>
    <message>
        <source>the stream changed while reading pages</source>
        <translation>der Datenstrom hat sich beim Lesen der Seiten geändert</translation>
    </message>
    <message>
        <source>%1: the agent&apos;s reply does not read: %2</source>
        <translation>%1: die Antwort des Agenten ist nicht lesbar: %2</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementModel</name>
    <message>
        <source>notify</source>
        <translation>benachrichtigen</translation>
    </message>
    <message>
        <source>renice (nice 19)</source>
        <translation>Priorität senken (nice 19)</translation>
    </message>
    <message>
        <source>terminate (SIGTERM)</source>
        <translation>beenden (SIGTERM)</translation>
    </message>
    <message>
        <source>kill (SIGKILL)</source>
        <translation>hart beenden (SIGKILL)</translation>
    </message>
    <message>
        <source>declined</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>%1 %2 at %3</source>
        <translation>%1 %2 um %3</translation>
    </message>
    <message>
        <source>nothing yet</source>
        <translation>noch nichts</translation>
    </message>
    <message>
        <source>%1 (floor %2)</source>
        <translation>%1 (Untergrenze %2)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>GPU ?</source>
        <translation>GPU ?</translation>
    </message>
    <message>
        <source>%1 MIG %2</source>
        <translation>%1 MIG %2</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>nicht gemeldet</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>none (enforcement off)</source>
        <translation>keiner (Durchsetzung aus)</translation>
    </message>
    <message>
        <source>%1, awaiting confirmation</source>
        <translation>%1, wartet auf Bestätigung</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 um %2</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Guthaben</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Step due</source>
        <translation>Fälliger Schritt</translation>
    </message>
    <message>
        <source>Steps done</source>
        <translation>Erledigte Schritte</translation>
    </message>
    <message>
        <source>stop its container or job</source>
        <translation>seinen Container oder Job stoppen</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementPane</name>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>vor %n s</numerusform>
            <numerusform>vor %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>vor %n min</numerusform>
            <numerusform>vor %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>vor %n h</numerusform>
            <numerusform>vor %n h</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Bestätigen</translation>
    </message>
    <message>
        <source>Decline…</source>
        <translation>Ablehnen…</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Audit log (every step, refusal and decision)</source>
        <translation>Prüfprotokoll (jeder Schritt, jede Verweigerung und jede Entscheidung)</translation>
    </message>
    <message>
        <source>Enforcement: no agent chosen</source>
        <translation>Durchsetzung: kein Agent gewählt</translation>
    </message>
    <message>
        <source>Enforcement on %1: not read yet</source>
        <translation>Durchsetzung auf %1: noch nicht gelesen</translation>
    </message>
    <message>
        <source>off: candidates are listed, nothing is done</source>
        <translation>off: Kandidaten werden aufgeführt, nichts wird getan</translation>
    </message>
    <message>
        <source>propose: each step waits for an admin&apos;s confirmation</source>
        <translation>propose: jeder Schritt wartet auf die Bestätigung eines Admins</translation>
    </message>
    <message>
        <source>auto: steps are taken on schedule</source>
        <translation>auto: Schritte werden planmäßig ausgeführt</translation>
    </message>
    <message>
        <source>Enforcement on %1: %2%3</source>
        <translation>Durchsetzung auf %1: %2%3</translation>
    </message>
    <message>
        <source> (dry run: every action only recorded as &quot;would&quot;)</source>
        <translation> (Probelauf: jede Aktion wird nur als &quot;would&quot; aufgezeichnet)</translation>
    </message>
    <message>
        <source>Demand high%1: %2</source>
        <translation>Hohe Nachfrage%1: %2</translation>
    </message>
    <message>
        <source> since %1</source>
        <translation> seit %1</translation>
    </message>
    <message>
        <source>Demand normal%1</source>
        <translation>Normale Nachfrage%1</translation>
    </message>
    <message>
        <source>Balances kept by %1, as of %2</source>
        <translation>Guthaben geführt von %1, Stand %2</translation>
    </message>
    <message>
        <source>; the keeper could not be read (%1): balances read %2</source>
        <translation>; die führende Stelle konnte nicht gelesen werden (%1): Guthaben gelesen %2</translation>
    </message>
    <message>
        <source>No agent chosen.</source>
        <translation>Kein Agent gewählt.</translation>
    </message>
    <message>
        <source>%1&apos;s reply cannot be used: %2. The candidates below are its last good reply, read %3; nothing can be decided.</source>
        <translation>Die Antwort von %1 ist nicht verwendbar: %2. Die Kandidaten unten stammen aus der letzten gültigen Antwort, gelesen %3; nichts kann entschieden werden.</translation>
    </message>
    <message>
        <source>%1&apos;s reply cannot be used: %2.</source>
        <translation>Die Antwort von %1 ist nicht verwendbar: %2.</translation>
    </message>
    <message>
        <source>%1 is not answering since %2 (%3). The candidates below are its last reply, read %4; nothing can be decided until it answers.</source>
        <translation>%1 antwortet seit %2 nicht (%3). Die Kandidaten unten stammen aus der letzten Antwort, gelesen %4; bis zu einer Antwort kann nichts entschieden werden.</translation>
    </message>
    <message>
        <source>%1 is not answering (%2).</source>
        <translation>%1 antwortet nicht (%2).</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Read at %1, %2: older than a poll.</source>
        <translation>Gelesen um %1, %2: älter als ein Abfrageintervall.</translation>
    </message>
    <message>
        <source>Read at %1, %2.</source>
        <translation>Gelesen um %1, %2.</translation>
    </message>
    <message>
        <source>This agent&apos;s token has read access only; confirming or declining needs a token with admin scope.</source>
        <translation>Das Zugriffstoken dieses Agenten hat nur Lesezugriff; Bestätigen oder Ablehnen erfordert ein Zugriffstoken mit Admin-Berechtigung.</translation>
    </message>
    <message>
        <source>The agent&apos;s reply cannot be used: nothing can be decided.</source>
        <translation>Die Antwort des Agenten ist nicht verwendbar: nichts kann entschieden werden.</translation>
    </message>
    <message>
        <source>The agent is not answering: nothing can be decided.</source>
        <translation>Der Agent antwortet nicht: nichts kann entschieden werden.</translation>
    </message>
    <message>
        <source>Sending the decision…</source>
        <translation>Entscheidung wird gesendet…</translation>
    </message>
    <message>
        <source>No candidates.</source>
        <translation>Keine Kandidaten.</translation>
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation>Einen Kandidaten auswählen.</translation>
    </message>
    <message>
        <source>No step is due (enforcement is off).</source>
        <translation>Kein Schritt ist fällig (Durchsetzung ist aus).</translation>
    </message>
    <message>
        <source>The %1 of %2&apos;s process is taken on schedule; nothing awaits confirmation.</source>
        <translation>Der Schritt %1 für den Prozess von %2 wird planmäßig ausgeführt; nichts wartet auf Bestätigung.</translation>
    </message>
    <message>
        <source>Confirm %1</source>
        <translation>%1 bestätigen</translation>
    </message>
    <message>
        <source>%1&apos;s process %2 (%3): %4.</source>
        <translation>Prozess %2 von %1 (%3): %4.</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Why is the %1 of %2&apos;s process %3 declined? (kept in the audit log)</source>
        <translation>Warum wird der Schritt %1 für den Prozess %3 von %2 abgelehnt? (wird im Prüfprotokoll festgehalten)</translation>
    </message>
    <message>
        <source>Not declined: a decline needs a reason.</source>
        <translation>Nicht abgelehnt: eine Ablehnung erfordert einen Grund.</translation>
    </message>
    <message>
        <source>%1 of %2&apos;s process %3: %4%5
Audit #%6: %7</source>
        <translation>%1 des Prozesses %3 von %2: %4%5
Prüfprotokoll #%6: %7</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementTab</name>
    <message>
        <source>Enforcement runs on each server&apos;s agent, which acts on its own processes. Add the agents of your servers (File → Servers…) to see their candidates, confirm or decline their steps and read their audit log.</source>
        <translation>Die Durchsetzung läuft im Agenten jedes Servers, der auf die eigenen Prozesse seines Servers wirkt. Die Agenten der Server hinzufügen (Datei → Server…), um ihre Kandidaten zu sehen, ihre Schritte zu bestätigen oder abzulehnen und ihr Prüfprotokoll zu lesen.</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Server:</translation>
    </message>
</context>
<context>
    <name>gw::Enforcer</name>
    <message>
        <source>process %1</source>
        <translation>Prozess %1</translation>
    </message>
    <message>
        <source>pid %1 is never signalled</source>
        <translation>PID %1 erhält nie ein Signal</translation>
    </message>
    <message>
        <source>pid %1 is GPU Warden&apos;s own process: never signalled</source>
        <translation>PID %1 ist der eigene Prozess von GPU Warden: erhält nie ein Signal</translation>
    </message>
    <message>
        <source>pid %1 is the parent of GPU Warden&apos;s process: never signalled</source>
        <translation>PID %1 ist der Elternprozess des Prozesses von GPU Warden: erhält nie ein Signal</translation>
    </message>
    <message>
        <source>pid %1: start time unknown: not signalled</source>
        <translation>PID %1: Startzeit unbekannt: kein Signal gesendet</translation>
    </message>
    <message>
        <source>process %1 has exited</source>
        <translation>Prozess %1 ist beendet</translation>
    </message>
    <message>
        <source>process %1 (%2)</source>
        <translation>Prozess %1 (%2)</translation>
    </message>
    <message>
        <source>the start time of pid %1 cannot be read from %2: not signalled</source>
        <translation>die Startzeit von PID %1 kann nicht aus %2 gelesen werden: kein Signal gesendet</translation>
    </message>
    <message>
        <source>pid %1 now belongs to another process (started %2, not %3)</source>
        <translation>PID %1 gehört jetzt einem anderen Prozess (gestartet %2, nicht %3)</translation>
    </message>
    <message>
        <source>the owner of pid %1 cannot be read from %2: not signalled</source>
        <translation>der Eigentümer von PID %1 kann nicht aus %2 gelesen werden: kein Signal gesendet</translation>
    </message>
    <message>
        <source>%1 runs as root: never signalled</source>
        <translation>%1 läuft als root: erhält nie ein Signal</translation>
    </message>
    <message>
        <source>no reading of %1 to check that %2 still holds %3: not signalled</source>
        <translation>keine Messung von %1, um zu prüfen, ob %2 noch %3 belegt: kein Signal gesendet</translation>
    </message>
    <message>
        <source>process %1 (%2, %3)</source>
        <translation>Prozess %1 (%2, %3)</translation>
    </message>
    <message>
        <source>%1 no longer holds %2: not signalled</source>
        <translation>%1 belegt %2 nicht mehr: kein Signal gesendet</translation>
    </message>
    <message>
        <source>process %1 has exited: not signalled</source>
        <translation>Prozess %1 ist beendet: kein Signal gesendet</translation>
    </message>
    <message>
        <source>%1: not signalled</source>
        <translation>%1: kein Signal gesendet</translation>
    </message>
    <message>
        <source>%1 to %2 failed: %3</source>
        <translation>%1 an %2 fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>SIGKILL sent to %1</source>
        <translation>SIGKILL an %1 gesendet</translation>
    </message>
    <message>
        <source>SIGTERM sent to %1; SIGKILL in %2 if it is still running</source>
        <translation>SIGTERM an %1 gesendet; SIGKILL in %2, falls noch laufend</translation>
    </message>
    <message>
        <source>%1 exited within %2 of SIGTERM; no SIGKILL needed</source>
        <translation>%1 hat sich innerhalb von %2 nach SIGTERM beendet; kein SIGKILL nötig</translation>
    </message>
    <message>
        <source>SIGKILL not sent: %1</source>
        <translation>SIGKILL nicht gesendet: %1</translation>
    </message>
    <message>
        <source>SIGKILL to %1 failed: %2</source>
        <translation>SIGKILL an %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>SIGKILL sent to %1: still running %2 after SIGTERM</source>
        <translation>SIGKILL an %1 gesendet: lief %2 nach SIGTERM noch</translation>
    </message>
    <message>
        <source>renice of %1 failed: %2</source>
        <translation>renice von %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 reniced to 19</source>
        <translation>%1 per renice auf 19 gesetzt</translation>
    </message>
    <message>
        <source>%1 no longer runs in %2 (its cgroup shows %3): not stopped</source>
        <translation>%1 läuft nicht mehr in %2 (seine cgroup zeigt %3): nicht gestoppt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 runs in %2: a pod is only notified, never signalled or stopped by GPU Warden</source>
        <translation>%1 läuft in %2: ein Pod wird nur benachrichtigt; GPU Warden sendet ihm nie ein Signal und stoppt ihn nie</translation>
    </message>
    <message>
        <source>cancel %1 with %2</source>
        <translation>%1 mit %2 abbrechen</translation>
    </message>
    <message>
        <source>stop %1 through %2</source>
        <translation>%1 über %2 stoppen</translation>
    </message>
    <message>
        <source>%1 cancelled with %2: %3 ran in it</source>
        <translation>%1 mit %2 abgebrochen: %3 lief darin</translation>
    </message>
    <message>
        <source>%1 stopped through %2 (SIGKILL at once): %3 ran in it</source>
        <translation>%1 über %2 gestoppt (sofort SIGKILL): %3 lief darin</translation>
    </message>
    <message>
        <source>%1 stopped through %2 (its stop signal, SIGKILL after %3): %4 ran in it</source>
        <translation>%1 über %2 gestoppt (sein Stoppsignal, SIGKILL nach %3): %4 lief darin</translation>
    </message>
    <message>
        <source>%1 was already stopped (%2): %3 ran in it</source>
        <translation>%1 war bereits gestoppt (%2): %3 lief darin</translation>
    </message>
    <message>
        <source>%1 is not known to %2 (%3): not stopped</source>
        <translation>%1 ist %2 nicht bekannt (%3): nicht gestoppt</translation>
    </message>
    <message>
        <source>cancelling %1 with %2 failed: %3</source>
        <translation>Abbrechen von %1 mit %2 fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>stopping %1 through %2 failed: %3</source>
        <translation>Stoppen von %1 über %2 fehlgeschlagen: %3</translation>
    </message>
</context>
<context>
    <name>gw::EventModel</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (not done)</source>
        <translation>%1 (nicht ausgeführt)</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>GPU %1 · MIG</source>
        <translation>GPU %1 · MIG</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation>andauernd</translation>
    </message>
    <message>
        <source>%1 of quota %2</source>
        <translation>%1 von Kontingent %2</translation>
    </message>
    <message>
        <source>peak %1 · mean %2</source>
        <translation>Spitze %1 · Mittel %2</translation>
    </message>
    <message>
        <source>Per-process utilisation estimated from the GPU&apos;s.</source>
        <translation>Auslastung pro Prozess aus der GPU-Auslastung geschätzt.</translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation>Beendet: %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Peak / mean</source>
        <translation>Spitze / Mittel</translation>
    </message>
    <message>
        <source>Last action</source>
        <translation>Letzte Aktion</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Was geschah</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs held · cap %1</source>
        <translation>
            <numerusform>%n GPU belegt · Obergrenze %1</numerusform>
            <numerusform>%n GPUs belegt · Obergrenze %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::EventTimeline</name>
    <message>
        <source>Policy events timeline</source>
        <translation>Zeitleiste der Richtlinien-Ereignisse</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 · all GPUs</source>
        <translation>%1 · alle GPUs</translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation>%1 · GPU %2</translation>
    </message>
    <message>
        <source>(no user)</source>
        <translation>(kein Benutzer)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation>andauernd</translation>
    </message>
    <message>
        <source>%1 MiB held</source>
        <translation>%1 MiB belegt</translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation>Beendet: %1</translation>
    </message>
    <message>
        <source>Last action: %1</source>
        <translation>Letzte Aktion: %1</translation>
    </message>
    <message>
        <source>No policy events in the last %1.</source>
        <translation>Keine Richtlinien-Ereignisse in den letzten %1.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Policy events of the last %1: %n shown</source>
        <translation>
            <numerusform>Richtlinien-Ereignisse der letzten %1: %n angezeigt</numerusform>
            <numerusform>Richtlinien-Ereignisse der letzten %1: %n angezeigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::EventsPage</name>
    <message>
        <source>&amp;Open only</source>
        <translation>Nur &amp;offene</translation>
    </message>
    <message>
        <source>Last:</source>
        <translation>Letzte:</translation>
    </message>
    <message>
        <source>Show the events of the last %1</source>
        <translation>Die Ereignisse der letzten %1 anzeigen</translation>
    </message>
    <message>
        <source>&amp;Lanes:</source>
        <translation>&amp;Bahnen:</translation>
    </message>
    <message>
        <source>one per GPU</source>
        <translation>eine pro GPU</translation>
    </message>
    <message>
        <source>one per user</source>
        <translation>eine pro Benutzer</translation>
    </message>
    <message>
        <source>Show %1 events</source>
        <translation>%1 Ereignisse anzeigen</translation>
    </message>
    <message>
        <source>Events of one server</source>
        <translation>Ereignisse eines Servers</translation>
    </message>
    <message>
        <source>Events of one user</source>
        <translation>Ereignisse eines Benutzers</translation>
    </message>
    <message>
        <source>Filter: command, user, PID…</source>
        <translation>Filter: Befehl, Benutzer, PID…</translation>
    </message>
    <message>
        <source>All servers</source>
        <translation>Alle Server</translation>
    </message>
    <message>
        <source>All users</source>
        <translation>Alle Benutzer</translation>
    </message>
    <message>
        <source>%1 shown of %2</source>
        <translation>%1 von %2 angezeigt</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message numerus="yes">
        <source>%Ln events, %L1 open</source>
        <translation>
            <numerusform>%Ln Ereignis, %L1 offen</numerusform>
            <numerusform>%Ln Ereignisse, %L1 offen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln older closed events are no longer shown: this view keeps up to %L1 (about %2 of memory), open events first; it is complete from %3.</source>
        <translation>
            <numerusform>%Ln älteres abgeschlossenes Ereignis wird nicht mehr angezeigt: diese Ansicht behält bis zu %L1 (etwa %2 Arbeitsspeicher), offene Ereignisse zuerst; sie ist vollständig ab %3.</numerusform>
            <numerusform>%Ln ältere abgeschlossene Ereignisse werden nicht mehr angezeigt: diese Ansicht behält bis zu %L1 (etwa %2 Arbeitsspeicher), offene Ereignisse zuerst; sie ist vollständig ab %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln open events went too: more are open than the view keeps.</source>
        <translation>
            <numerusform>Auch %Ln offenes Ereignis entfiel: mehr sind offen, als die Ansicht behält.</numerusform>
            <numerusform>Auch %Ln offene Ereignisse entfielen: mehr sind offen, als die Ansicht behält.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln closed events that ended more than %1 before the newest are no longer shown.</source>
        <translation>
            <numerusform>%Ln abgeschlossenes Ereignis, das mehr als %1 vor dem neuesten endete, wird nicht mehr angezeigt.</numerusform>
            <numerusform>%Ln abgeschlossene Ereignisse, die mehr als %1 vor dem neuesten endeten, werden nicht mehr angezeigt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days</source>
        <translation>
            <numerusform>%n Tag</numerusform>
            <numerusform>%n Tage</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln closed events that ended more than %1 before the newest are no longer shown; the view is complete from %2.</source>
        <translation>
            <numerusform>%Ln abgeschlossenes Ereignis, das mehr als %1 vor dem neuesten endete, wird nicht mehr angezeigt; die Ansicht ist vollständig ab %2.</numerusform>
            <numerusform>%Ln abgeschlossene Ereignisse, die mehr als %1 vor dem neuesten endeten, werden nicht mehr angezeigt; die Ansicht ist vollständig ab %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>The agents still serve theirs by cursor (GET /v1/events?after=SEQ; with a journal, for at least 7 days).</source>
        <translation>Die Agenten liefern ihre weiterhin per Cursor (GET /v1/events?after=SEQ; mit Journal mindestens 7 Tage lang).</translation>
    </message>
    <message>
        <source>The demo&apos;s events are made here from its readings and kept nowhere else; its readings are in this run&apos;s history file (the History tab).</source>
        <translation>Die Ereignisse der Demo entstehen hier aus ihren Messungen und werden nirgends sonst gespeichert; ihre Messungen liegen in der Verlaufsdatei dieses Laufs (Registerkarte Verlauf).</translation>
    </message>
    <message>
        <source>The demo&apos;s events are made here from its readings and kept nowhere else.</source>
        <translation>Die Ereignisse der Demo entstehen hier aus ihren Messungen und werden nirgends sonst gespeichert.</translation>
    </message>
    <message>
        <source>This computer&apos;s events are kept only here; its readings stay in the history file (the History tab), and Tools → Policy… replays the last 24 h.</source>
        <translation>Die Ereignisse dieses Computers werden nur hier gespeichert; seine Messungen bleiben in der Verlaufsdatei (Registerkarte Verlauf), und Werkzeuge → Richtlinie… spielt die letzten 24 h nach.</translation>
    </message>
    <message>
        <source>This computer&apos;s events are kept only here; Tools → Policy… replays the last 24 h of its readings.</source>
        <translation>Die Ereignisse dieses Computers werden nur hier gespeichert; Werkzeuge → Richtlinie… spielt die letzten 24 h seiner Messungen nach.</translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation>Ereignisse filtern</translation>
    </message>
    <message>
        <source>Policy events</source>
        <translation>Richtlinien-Ereignisse</translation>
    </message>
</context>
<context>
    <name>gw::FairShareModel</name>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>User or account</source>
        <translation>Benutzer oder Konto</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>Share now</source>
        <translation>Anteil jetzt</translation>
    </message>
    <message>
        <source>Decayed usage</source>
        <translation>Abgeklungene Nutzung</translation>
    </message>
    <message>
        <source>Fair-share factor</source>
        <translation>Fair-Share-Faktor</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>Konto %1</translation>
    </message>
    <message>
        <source>%1 (now %2)</source>
        <translation>%1 (jetzt %2)</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Members remembered: %1</source>
        <translation>Gemerkte Mitglieder: %1</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keine</translation>
    </message>
    <message>
        <source>The account&apos;s share of the server ([accounts.%1] share)</source>
        <translation>Der Anteil des Kontos am Server ([accounts.%1] share)</translation>
    </message>
    <message>
        <source>The quota in effect now; &quot;now&quot;: after the busy server&apos;s and defensive multipliers ([adaptive])</source>
        <translation>Das jetzt geltende Kontingent; &quot;jetzt&quot;: nach dem Multiplikator für ausgelastete Server und den defensiven Multiplikatoren ([adaptive])</translation>
    </message>
    <message>
        <source>Measured over the [quota] window</source>
        <translation>Gemessen über das Fenster von [quota]</translation>
    </message>
    <message>
        <source>The server&apos;s capacity used, in server-hours (a whole server busy for an hour is one), each hour weighing half after every [quota] half_life</source>
        <translation>Genutzte Kapazität des Servers in Serverstunden (ein ganzer Server, eine Stunde lang ausgelastet, ergibt eine), wobei jede Stunde nach jeder half_life aus [quota] nur noch halb zählt</translation>
    </message>
    <message>
        <source>2^(−U/S), as Slurm&apos;s classic fair share: U its part of all the decayed usage on this server, S its part of all the shares. 1: used nothing lately; 0.5: used exactly its share; lower: used more. Waiting callers with a higher factor get a freed GPU first.</source>
        <translation>2^(−U/S), wie der klassische Fair-Share-Faktor von Slurm: U sein Teil an der gesamten abgeklungenen Nutzung auf diesem Server, S sein Teil an allen Anteilen. 1: zuletzt nichts genutzt; 0,5: genau seinen Anteil genutzt; niedriger: mehr genutzt. Wartende Anfragende mit höherem Faktor erhalten eine frei gewordene GPU zuerst.</translation>
    </message>
    <message>
        <source>No share set for this account: no factor</source>
        <translation>Kein Anteil für dieses Konto festgelegt: kein Faktor</translation>
    </message>
</context>
<context>
    <name>gw::FairShareView</name>
    <message>
        <source>Who waits first for a freed GPU: the fair-share factor 2^(−U/S), U each one&apos;s part of all the decayed usage on the server (each hour weighs half after the [quota] half-life), S their part of all the shares. 1: used nothing lately; 0.5: used exactly their share; lower: used more.</source>
        <translation>Wer beim Warten auf eine frei gewordene GPU zuerst an der Reihe ist: der Fair-Share-Faktor 2^(−U/S), U der jeweilige Teil an der gesamten abgeklungenen Nutzung auf dem Server (jede Stunde zählt nach der Halbwertszeit aus [quota] nur noch halb), S der Teil an allen Anteilen. 1: zuletzt nichts genutzt; 0,5: genau den eigenen Anteil genutzt; niedriger: mehr genutzt.</translation>
    </message>
    <message>
        <source>No fair share yet: it is told by this desktop&apos;s policy once readings come, and by each agent&apos;s /v1/info once it has judged a reading.</source>
        <translation>Noch kein fairer Anteil: er wird von der Richtlinie dieses Desktops angegeben, sobald Messungen eintreffen, und von /v1/info jedes Agenten, sobald dieser eine Messung bewertet hat.</translation>
    </message>
    <message>
        <source>Every server&apos;s users and accounts, lowest factor first (a column&apos;s title sorts by it).</source>
        <translation>Benutzer und Konten aller Server, niedrigster Faktor zuerst (ein Spaltentitel sortiert danach).</translation>
    </message>
    <message>
        <source>Fair share per user and account</source>
        <translation>Fairer Anteil pro Benutzer und Konto</translation>
    </message>
</context>
<context>
    <name>gw::FindGpusDialog</name>
    <message>
        <source>Find GPUs</source>
        <translation>GPUs finden</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>GPUs wanted</source>
        <translation>Gewünschte GPUs</translation>
    </message>
    <message>
        <source>tp=4,pp=2</source>
        <translation>tp=4,pp=2</translation>
    </message>
    <message>
        <source>A model&apos;s parallelism instead of a count: world size = tp × pp × max(dp, cp, dcp).</source>
        <translation>Die Parallelität eines Modells statt einer Anzahl: World Size = tp × pp × max(dp, cp, dcp).</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>e.g. 8GiB</source>
        <translation>z. B. 8GiB</translation>
    </message>
    <message>
        <source>Free memory each unit needs: 8GiB, 512MiB, 1.5G or a number of MiB. Empty: any.</source>
        <translation>Freier Speicher, den jede Einheit braucht: 8GiB, 512MiB, 1.5G oder eine Anzahl MiB. Leer: beliebig.</translation>
    </message>
    <message>
        <source>Minimum free memory</source>
        <translation>Minimaler freier Speicher</translation>
    </message>
    <message>
        <source>at most</source>
        <translation>höchstens</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Maximum utilisation</source>
        <translation>Maximale Auslastung</translation>
    </message>
    <message>
        <source>whole GPUs first, then instances</source>
        <translation>zuerst ganze GPUs, dann Instanzen</translation>
    </message>
    <message>
        <source>MIG instances only</source>
        <translation>nur MIG-Instanzen</translation>
    </message>
    <message>
        <source>whole GPUs only</source>
        <translation>nur ganze GPUs</translation>
    </message>
    <message>
        <source>MIG</source>
        <translation>MIG</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPUs:</translation>
    </message>
    <message>
        <source>or parallelism:</source>
        <translation>oder Parallelität:</translation>
    </message>
    <message>
        <source>Free memory per GPU:</source>
        <translation>Freier Speicher pro GPU:</translation>
    </message>
    <message>
        <source>Utilisation:</source>
        <translation>Auslastung:</translation>
    </message>
    <message>
        <source>MIG:</source>
        <translation>MIG:</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>&amp;Copy CUDA_VISIBLE_DEVICES</source>
        <translation>CUDA_VISIBLE_DEVICES &amp;kopieren</translation>
    </message>
    <message>
        <source>The best choice as CUDA_VISIBLE_DEVICES=…, with the gpuwarden-cli select line that reserves the same for a job.</source>
        <translation>Die beste Wahl als CUDA_VISIBLE_DEVICES=…, mit der Zeile gpuwarden-cli select, die dasselbe für einen Job reserviert.</translation>
    </message>
    <message>
        <source>Parallelism: %1</source>
        <translation>Parallelität: %1</translation>
    </message>
    <message>
        <source>Parallelism: %1 needs %2 GPUs; at most %3 can be asked for.</source>
        <translation>Parallelität: %1 braucht %2 GPUs; höchstens %3 können angefordert werden.</translation>
    </message>
    <message>
        <source>Free memory: %1</source>
        <translation>Freier Speicher: %1</translation>
    </message>
    <message>
        <source>Units of %1: %2 qualify, %3 refused</source>
        <translation>Einheiten von %1: %2 geeignet, %3 abgelehnt</translation>
    </message>
    <message>
        <source>Correct the request above to see a choice.</source>
        <translation>Die Anfrage oben korrigieren, um eine Auswahl zu sehen.</translation>
    </message>
    <message>
        <source>No server is watched: add agents under File → Servers…, or watch this computer.</source>
        <translation>Kein Server wird beobachtet: Agenten unter Datei → Server… hinzufügen oder diesen Computer beobachten.</translation>
    </message>
    <message>
        <source>Best: %1 — CUDA_VISIBLE_DEVICES=%2 (the agent scores and reserves the same when the job asks).</source>
        <translation>Beste Wahl: %1 — CUDA_VISIBLE_DEVICES=%2 (der Agent bewertet und reserviert dasselbe, wenn der Job anfragt).</translation>
    </message>
    <message>
        <source>No server has a current reading, so none is chosen: their last figures may be minutes old.</source>
        <translation>Kein Server hat eine aktuelle Messung, daher wird keiner gewählt: ihre letzten Werte können Minuten alt sein.</translation>
    </message>
    <message>
        <source># on %1; to reserve them for a job: eval &quot;$(%2)&quot;</source>
        <translation># auf %1; um sie für einen Job zu reservieren: eval &quot;$(%2)&quot;</translation>
    </message>
    <message numerus="yes">
        <source>%1 → world size %n GPUs</source>
        <translation>
            <numerusform>%1 → World Size %n GPU</numerusform>
            <numerusform>%1 → World Size %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No server has %n GPUs that qualify now. Each server&apos;s refusals say why; `gpuwarden-cli select --wait` waits for them.</source>
        <translation>
            <numerusform>Kein Server hat jetzt %n geeignete GPU. Die Ablehnungen jedes Servers nennen den Grund; `gpuwarden-cli select --wait` wartet darauf.</numerusform>
            <numerusform>Kein Server hat jetzt %n geeignete GPUs. Die Ablehnungen jedes Servers nennen den Grund; `gpuwarden-cli select --wait` wartet darauf.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessModel</name>
    <message>
        <source>%1
Not visible in this server&apos;s /proc: another PID namespace, a container, or a process that just exited.</source>
        <translation>%1
In /proc dieses Servers nicht sichtbar: ein anderer PID-Namespace, ein Container oder ein gerade beendeter Prozess.</translation>
    </message>
    <message>
        <source>Held idle at every reading this desktop has of the GPU; it may have been idle longer.</source>
        <translation>Bei jeder Messung, die dieser Desktop von der GPU hat, ungenutzt belegt; sie kann schon länger ungenutzt gewesen sein.</translation>
    </message>
    <message>
        <source>How long the GPU has been held idle with this process on it, per the live record (not before the process started).</source>
        <translation>Wie lange die GPU mit diesem Prozess darauf ungenutzt belegt ist, laut Live-Aufzeichnung (nicht vor dem Start des Prozesses).</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>SM</source>
        <translation>SM</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation>Ungenutzt seit</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Arbeitslast</translation>
    </message>
    <message>
        <source>stale (%1 ago)</source>
        <translation>veraltet (vor %1)</translation>
    </message>
    <message>
        <source>idle for ≥ %1</source>
        <translation>ungenutzt seit ≥ %1</translation>
    </message>
    <message>
        <source>idle for %1</source>
        <translation>ungenutzt seit %1</translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessPage</name>
    <message>
        <source>Processes of all servers</source>
        <translation>Prozesse aller Server</translation>
    </message>
    <message>
        <source>GPUs held</source>
        <translation>Belegte GPUs</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-Stunden</translation>
    </message>
    <message>
        <source>Filter processes</source>
        <translation>Prozesse filtern</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Save the rows shown as CSV or JSON</source>
        <translation>Die angezeigten Zeilen als CSV oder JSON speichern</translation>
    </message>
    <message>
        <source>&lt;b&gt;idle, memory held&lt;/b&gt;: the GPU is below 10 % busy while the process holds memory; &lt;i&gt;Idle for&lt;/i&gt; is how long, per the live record (≥: idle at every reading this desktop has). Italic rows: processes this server&apos;s /proc does not show.</source>
        <translation>&lt;b&gt;ungenutzt, Speicher belegt&lt;/b&gt;: die GPU ist unter 10 % ausgelastet, während der Prozess Speicher belegt; &lt;i&gt;Ungenutzt seit&lt;/i&gt; gibt an, wie lange, laut Live-Aufzeichnung (≥: ungenutzt bei jeder Messung, die dieser Desktop hat). Kursive Zeilen: Prozesse, die /proc dieses Servers nicht zeigt.</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Filter by %1</source>
        <translation>Nach %1 &amp;filtern</translation>
    </message>
    <message>
        <source>Open in &amp;history</source>
        <translation>Im &amp;Verlauf öffnen</translation>
    </message>
    <message>
        <source>GPU-hours today (history)</source>
        <translation>GPU-Stunden heute (Verlauf)</translation>
    </message>
    <message>
        <source>GPU-hours since %1 (this session)</source>
        <translation>GPU-Stunden seit %1 (diese Sitzung)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export processes</source>
        <translation>Prozesse exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>Energie</translation>
    </message>
    <message>
        <source>Totals per owner</source>
        <translation>Summen pro Eigentümer</translation>
    </message>
    <message>
        <source>Filter: text, user:, account:, namespace:, job:</source>
        <translation>Filter: Text, user:, account:, namespace:, job:</translation>
    </message>
    <message>
        <source>Words match any column; user:NAME (the owner or the host user), account:NAME, namespace:NAME and job:ID match that field exactly; they combine (account:vision python).</source>
        <translation>Wörter passen auf jede Spalte; user:NAME (der Eigentümer oder der Host-Benutzer), account:NAME, namespace:NAME und job:ID passen exakt auf dieses Feld; sie lassen sich kombinieren (account:vision python).</translation>
    </message>
    <message>
        <source>Filter by &amp;account %1</source>
        <translation>Nach &amp;Konto %1 filtern</translation>
    </message>
    <message>
        <source>Filter by &amp;namespace %1</source>
        <translation>Nach &amp;Namespace %1 filtern</translation>
    </message>
    <message>
        <source>Filter by &amp;job %1</source>
        <translation>Nach &amp;Job %1 filtern</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>wird geladen…</translation>
    </message>
    <message>
        <source>%1 kWh</source>
        <translation>%1 kWh</translation>
    </message>
    <message>
        <source>%1 % estimated: power integrated over the readings, or split by memory where the driver gives no SM share per process</source>
        <translation>%1 % geschätzt: Leistungsaufnahme über die Messungen integriert oder nach Speicher aufgeteilt, wo der Treiber keinen SM-Anteil pro Prozess liefert</translation>
    </message>
    <message>
        <source>Measured: the GPUs&apos; energy counters, split by SM share</source>
        <translation>Gemessen: die Energiezähler der GPUs, nach SM-Anteil aufgeteilt</translation>
    </message>
    <message>
        <source>GPU-hours today (loading…)</source>
        <translation>GPU-Stunden heute (wird geladen…)</translation>
    </message>
    <message>
        <source>Energy since %1 (this session)</source>
        <translation>Energie seit %1 (diese Sitzung)</translation>
    </message>
    <message>
        <source>Energy: what their GPUs drew since %1 as this desktop saw it, split by SM share (by memory where the driver gives none); hover a figure for how much is estimated.</source>
        <translation>Energie: was ihre GPUs seit %1 aufgenommen haben, wie dieser Desktop es sah, nach SM-Anteil aufgeteilt (nach Speicher, wo der Treiber keinen liefert); den Mauszeiger über einen Wert halten, um zu sehen, wie viel davon geschätzt ist.</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours today, being read from the recorded process history.</source>
        <translation>Pro Eigentümer: jetzt belegte GPUs und MIG-Instanzen, ihr Speicher und GPU-Stunden heute, die gerade aus dem aufgezeichneten Prozessverlauf gelesen werden.</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours today from the recorded process history.</source>
        <translation>Pro Eigentümer: jetzt belegte GPUs und MIG-Instanzen, ihr Speicher und GPU-Stunden heute aus dem aufgezeichneten Prozessverlauf.</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (the history could not be read: %2).</source>
        <translation>Pro Eigentümer: jetzt belegte GPUs und MIG-Instanzen, ihr Speicher und seit %1 gesehene GPU-Stunden (der Verlauf konnte nicht gelesen werden: %2).</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (history is off: %2).</source>
        <translation>Pro Eigentümer: jetzt belegte GPUs und MIG-Instanzen, ihr Speicher und seit %1 gesehene GPU-Stunden (Verlauf ist aus: %2).</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (history is off).</source>
        <translation>Pro Eigentümer: jetzt belegte GPUs und MIG-Instanzen, ihr Speicher und seit %1 gesehene GPU-Stunden (Verlauf ist aus).</translation>
    </message>
</context>
<context>
    <name>gw::FleetSelection</name>
    <message>
        <source>1 GPU asked</source>
        <translation>1 GPU angefordert</translation>
    </message>
    <message>
        <source>%1 GPUs asked</source>
        <translation>%1 GPUs angefordert</translation>
    </message>
    <message>
        <source>1 qualifies</source>
        <translation>1 geeignet</translation>
    </message>
    <message>
        <source>%1 qualify</source>
        <translation>%1 geeignet</translation>
    </message>
    <message>
        <source> (waited %1)</source>
        <translation> (%1 gewartet)</translation>
    </message>
    <message>
        <source>%1: no answer: %2</source>
        <translation>%1: keine Antwort: %2</translation>
    </message>
    <message>
        <source>%1: serves %2, as %3 does; asked once</source>
        <translation>%1: liefert %2, wie auch %3; einmal angefragt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>none of the %1 agents answered</source>
        <translation>keiner der %1 Agenten hat geantwortet</translation>
    </message>
    <message>
        <source>no server has a GPU that qualifies</source>
        <translation>kein Server hat eine geeignete GPU</translation>
    </message>
    <message>
        <source>no server has %1 GPUs that qualify</source>
        <translation>kein Server hat %1 geeignete GPUs</translation>
    </message>
</context>
<context>
    <name>gw::Freshness</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message>
        <source>no reading yet</source>
        <translation>noch keine Messung</translation>
    </message>
    <message>
        <source>last reading %1 ago</source>
        <translation>letzte Messung vor %1</translation>
    </message>
    <message>
        <source>stale — %1</source>
        <translation>veraltet — %1</translation>
    </message>
</context>
<context>
    <name>gw::GpuHealth</name>
    <message>
        <source>power cap</source>
        <translation>Leistungsobergrenze</translation>
    </message>
    <message>
        <source>hardware slowdown</source>
        <translation>Hardware-Drosselung</translation>
    </message>
    <message>
        <source>thermal slowdown (software)</source>
        <translation>thermische Drosselung (Software)</translation>
    </message>
    <message>
        <source>thermal slowdown (hardware)</source>
        <translation>thermische Drosselung (Hardware)</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>Leistungsbremse</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1 um %2: %3</translation>
    </message>
    <message>
        <source>the GPU does not answer: %1</source>
        <translation>die GPU antwortet nicht: %1</translation>
    </message>
    <message>
        <source>row remapping failed: the GPU&apos;s memory has no spare rows left</source>
        <translation>Row-Remapping fehlgeschlagen: der GPU-Speicher hat keine Ersatzzeilen mehr</translation>
    </message>
    <message>
        <source>%1 uncorrectable ECC errors since the driver loaded: reset the GPU</source>
        <translation>%1 nicht korrigierbare ECC-Fehler seit dem Laden des Treibers: GPU zurücksetzen</translation>
    </message>
    <message>
        <source>%1 uncorrectable ECC errors in the GPU&apos;s life</source>
        <translation>%1 nicht korrigierbare ECC-Fehler über die Lebensdauer der GPU</translation>
    </message>
    <message>
        <source>a row remap waits for a GPU reset</source>
        <translation>ein Row-Remap wartet auf ein Zurücksetzen der GPU</translation>
    </message>
    <message>
        <source>a retired page waits for a GPU reset</source>
        <translation>eine stillgelegte Seite wartet auf ein Zurücksetzen der GPU</translation>
    </message>
    <message>
        <source>PCIe replays at %1 an hour (more than %2): check the link</source>
        <translation>PCIe-Replays mit %1 pro Stunde (mehr als %2): Verbindung prüfen</translation>
    </message>
    <message>
        <source>NVLink errors at %1 an hour (more than %2)</source>
        <translation>NVLink-Fehler mit %1 pro Stunde (mehr als %2)</translation>
    </message>
</context>
<context>
    <name>gw::GpuSelection</name>
    <message>
        <source>reserved for %1 until %2</source>
        <translation>reserviert für %1 bis %2</translation>
    </message>
    <message>
        <source>memory not reported</source>
        <translation>GPU-Speicher nicht gemeldet</translation>
    </message>
    <message>
        <source>%1 MiB free, needs %2</source>
        <translation>%1 MiB frei, benötigt %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>failing</source>
        <translation>ausfallend</translation>
    </message>
    <message>
        <source>failing: %1</source>
        <translation>ausfallend: %1</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>Auslastung nicht gemeldet</translation>
    </message>
    <message>
        <source>%1 % busy, at most %2 %</source>
        <translation>%1 % ausgelastet, höchstens %2 %</translation>
    </message>
    <message>
        <source>%1: degraded (%2), ranked after healthy GPUs</source>
        <translation>%1: beeinträchtigt (%2), nach gesunden GPUs eingereiht</translation>
    </message>
    <message>
        <source>MIG enabled, no instances</source>
        <translation>MIG aktiviert, keine MIG-Instanzen</translation>
    </message>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation>GPU %1 MIG %2</translation>
    </message>
    <message>
        <source>%1: degraded (%2), its MIG instances ranked after healthy ones</source>
        <translation>%1: beeinträchtigt (%2), ihre MIG-Instanzen nach gesunden eingereiht</translation>
    </message>
</context>
<context>
    <name>gw::HistoryBackfill</name>
    <message>
        <source>/v1/info: now_ms: missing or not a number</source>
        <translation>/v1/info: now_ms: fehlt oder ist keine Zahl</translation>
    </message>
    <message>
        <source>%1 keeps no history</source>
        <translation>%1 führt keinen Verlauf</translation>
    </message>
    <message>
        <source>%1 is another agent now (%2, the history&apos;s rows are of %3): its history is not filled in</source>
        <translation>%1 ist jetzt ein anderer Agent (%2, die Zeilen des Verlaufs stammen von %3): sein Verlauf wird nicht aufgefüllt</translation>
    </message>
</context>
<context>
    <name>gw::HistoryChart</name>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>Check a series to show it (Space toggles the current one)</source>
        <translation>Eine Reihe ankreuzen, um sie anzuzeigen (Leertaste schaltet die aktuelle um)</translation>
    </message>
</context>
<context>
    <name>gw::HistoryChartModel</name>
    <message>
        <source>Series</source>
        <translation>Reihe</translation>
    </message>
    <message>
        <source>Last value</source>
        <translation>Letzter Wert</translation>
    </message>
</context>
<context>
    <name>gw::HistoryPage</name>
    <message>
        <source>Show:</source>
        <translation>Anzeigen:</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation>Kapazität %1</translation>
    </message>
</context>
<context>
    <name>gw::HistoryPlot</name>
    <message>
        <source>History chart</source>
        <translation>Verlaufsdiagramm</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 (min %3, max %4)</source>
        <translation>%1: %2 (min. %3, max. %4)</translation>
    </message>
    <message>
        <source>History unavailable: %1</source>
        <translation>Verlauf nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>No data in this range</source>
        <translation>Keine Daten in diesem Zeitraum</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>wird geladen</translation>
    </message>
    <message>
        <source>no readings in this range</source>
        <translation>keine Messungen in diesem Zeitraum</translation>
    </message>
    <message numerus="yes">
        <source>mean %1, peak %2 at %3, low %4; %n gaps</source>
        <translation>
            <numerusform>Mittel %1, Spitze %2 um %3, Tiefstwert %4; %n Lücke</numerusform>
            <numerusform>Mittel %1, Spitze %2 um %3, Tiefstwert %4; %n Lücken</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 from %2: %n series shown</source>
        <translation>
            <numerusform>%1 von %2: %n Reihe angezeigt</numerusform>
            <numerusform>%1 von %2: %n Reihen angezeigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::HistoryReadings</name>
    <message>
        <source>no value stored for this reading</source>
        <translation>für diese Messung ist kein Wert gespeichert</translation>
    </message>
</context>
<context>
    <name>gw::HistoryRoute</name>
    <message numerus="yes">
        <source>%1 history queries are running and %2 waiting, the most this agent holds; ask again in %n s</source>
        <translation>
            <numerusform>%1 Verlaufsabfragen laufen und %2 warten, so viele, wie dieser Agent hält; in %n s erneut anfragen</numerusform>
            <numerusform>%1 Verlaufsabfragen laufen und %2 warten, so viele, wie dieser Agent hält; in %n s erneut anfragen</numerusform>
        </translation>
    </message>
    <message>
        <source>this agent keeps no history (agent.toml has no &quot;history&quot;)</source>
        <translation>dieser Agent führt keinen Verlauf (agent.toml hat kein &quot;history&quot;)</translation>
    </message>
    <message>
        <source>&quot;from&quot; and &quot;to&quot; are required (ms since the epoch)</source>
        <translation>&quot;from&quot; und &quot;to&quot; sind erforderlich (ms seit der Epoche)</translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation>&quot;to&quot; muss nach &quot;from&quot; liegen</translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than the history keeps (%n day(s))</source>
        <translation>
            <numerusform>der Zeitraum ist länger, als der Verlauf aufbewahrt (%n Tag)</numerusform>
            <numerusform>der Zeitraum ist länger, als der Verlauf aufbewahrt (%n Tage)</numerusform>
        </translation>
    </message>
    <message>
        <source>give &quot;points&quot; or &quot;step&quot;, not both</source>
        <translation>&quot;points&quot; oder &quot;step&quot; angeben, nicht beides</translation>
    </message>
    <message>
        <source>&quot;points&quot; or &quot;step&quot; is required</source>
        <translation>&quot;points&quot; oder &quot;step&quot; ist erforderlich</translation>
    </message>
    <message>
        <source>&quot;step&quot; gives %1 buckets; at most %2 are served</source>
        <translation>&quot;step&quot; ergibt %1 Intervalle; höchstens %2 werden geliefert</translation>
    </message>
    <message>
        <source>&quot;series&quot; is required (&lt;target&gt;/&lt;metric number&gt;, comma-separated)</source>
        <translation>&quot;series&quot; ist erforderlich (&lt;Ziel&gt;/&lt;Metriknummer&gt;, durch Kommas getrennt)</translation>
    </message>
    <message>
        <source>%1 series asked for; at most %2 are served</source>
        <translation>%1 Reihen angefordert; höchstens %2 werden geliefert</translation>
    </message>
    <message>
        <source>the history holds no server yet; give &quot;server&quot;</source>
        <translation>der Verlauf enthält noch keinen Server; &quot;server&quot; angeben</translation>
    </message>
    <message>
        <source>&quot;server&quot; is required: the history holds %1</source>
        <translation>&quot;server&quot; ist erforderlich: der Verlauf enthält %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is given more than once</source>
        <translation>&quot;%1&quot; ist mehrfach angegeben</translation>
    </message>
</context>
<context>
    <name>gw::HistoryService</name>
    <message>
        <source>history is not running</source>
        <translation>der Verlauf läuft nicht</translation>
    </message>
</context>
<context>
    <name>gw::HistoryWire</name>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>keine Zahl</translation>
    </message>
    <message>
        <source>not a whole number</source>
        <translation>keine ganze Zahl</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>unter %1</translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation>keine endliche Zahl</translation>
    </message>
    <message>
        <source>outside from_ms to to_ms</source>
        <translation>außerhalb von from_ms bis to_ms</translation>
    </message>
    <message>
        <source>min, mean and max out of order</source>
        <translation>min, mean und max in falscher Reihenfolge</translation>
    </message>
    <message>
        <source>not after the previous bucket</source>
        <translation>nicht nach dem vorigen Intervall</translation>
    </message>
    <message>
        <source>out of order</source>
        <translation>in falscher Reihenfolge</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>missing or not a string</source>
        <translation>fehlt oder ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>missing or not an array</source>
        <translation>fehlt oder ist kein Array</translation>
    </message>
    <message>
        <source>not a [from_ms, to_ms] pair</source>
        <translation>kein Paar [from_ms, to_ms]</translation>
    </message>
    <message>
        <source>the data ends early</source>
        <translation>die Daten enden vorzeitig</translation>
    </message>
    <message>
        <source>malformed CBOR: %1</source>
        <translation>fehlerhaftes CBOR: %1</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>erwartet: %1, erhalten: %2</translation>
    </message>
    <message>
        <source>a map</source>
        <translation>eine Map</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>zu groß</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine Ganzzahl</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>a text string</source>
        <translation>eine Textzeichenkette</translation>
    </message>
    <message>
        <source>an integer key</source>
        <translation>ein Ganzzahlschlüssel</translation>
    </message>
    <message>
        <source>expected 5 values (start_ms, min, max, mean, count), got %1</source>
        <translation>5 Werte erwartet (start_ms, min, max, mean, count), erhalten: %1</translation>
    </message>
    <message>
        <source>more than 5 values (start_ms, min, max, mean, count)</source>
        <translation>mehr als 5 Werte (start_ms, min, max, mean, count)</translation>
    </message>
    <message>
        <source>given twice</source>
        <translation>doppelt angegeben</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &lt;target&gt;/&lt;metric number&gt;</source>
        <translation>&quot;%1&quot; ist nicht &lt;Ziel&gt;/&lt;Metriknummer&gt;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names no known metric</source>
        <translation>&quot;%1&quot; nennt keine bekannte Metrik</translation>
    </message>
    <message>
        <source>not after from_ms</source>
        <translation>nicht nach from_ms</translation>
    </message>
    <message>
        <source>missing or not a name</source>
        <translation>fehlt oder ist kein Name</translation>
    </message>
    <message>
        <source>comes before server, from_ms, to_ms or step_ms</source>
        <translation>steht vor server, from_ms, to_ms oder step_ms</translation>
    </message>
    <message>
        <source>more data after the reply</source>
        <translation>weitere Daten nach der Antwort</translation>
    </message>
</context>
<context>
    <name>gw::HostPage</name>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Disk I/O</source>
        <translation>Datenträger-E/A</translation>
    </message>
    <message>
        <source>Cgroup memory</source>
        <translation>Cgroup-Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Cgroup CPU</source>
        <translation>Cgroup-CPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>%1 used of %2</source>
        <translation>%1 von %2 belegt</translation>
    </message>
    <message>
        <source>read %1, write %2</source>
        <translation>Lesen %1, Schreiben %2</translation>
    </message>
    <message>
        <source>%1 used of %2 limit (cgroup %3)</source>
        <translation>%1 von %2 Limit belegt (cgroup %3)</translation>
    </message>
    <message>
        <source>not in a limited cgroup</source>
        <translation>nicht in einer begrenzten cgroup</translation>
    </message>
    <message>
        <source>no limit (cgroup %1)</source>
        <translation>kein Limit (cgroup %1)</translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation>%1 Kerne</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>kein Limit</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Last reading</source>
        <translation>Letzte Messung</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation>%1 (vor %2)</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n cores</source>
        <translation>
            <numerusform>%1 von %n Kern</numerusform>
            <numerusform>%1 von %n Kernen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::JsonFields</name>
    <message>
        <source>unknown key (known: %1)</source>
        <translation>unbekannter Schlüssel (bekannt: %1)</translation>
    </message>
    <message>
        <source>does not read</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>a string or null</source>
        <translation>eine Zeichenkette oder null</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>a number or null</source>
        <translation>eine Zahl oder null</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine Ganzzahl</translation>
    </message>
    <message>
        <source>an integer or null</source>
        <translation>eine Ganzzahl oder null</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true oder false</translation>
    </message>
    <message>
        <source>true, false or null</source>
        <translation>true, false oder null</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>an object or null</source>
        <translation>ein Objekt oder null</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an array or null</source>
        <translation>ein Array oder null</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>erwartet: %1, erhalten: %2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;%2&quot;</source>
        <translation>&quot;%1&quot; ist keiner von &quot;%2&quot;</translation>
    </message>
    <message>
        <source>expected at least %1, got %2</source>
        <translation>erwartet: mindestens %1, erhalten: %2</translation>
    </message>
    <message>
        <source>expected at most %1, got %2</source>
        <translation>erwartet: höchstens %1, erhalten: %2</translation>
    </message>
</context>
<context>
    <name>gw::KeeperLink</name>
    <message>
        <source>%1: /v1/usage: %2</source>
        <translation>%1: /v1/usage: %2</translation>
    </message>
    <message>
        <source>%1: facts not stored, the journal refused them: %2</source>
        <translation>%1: Fakten nicht gespeichert, das Journal hat sie abgewiesen: %2</translation>
    </message>
    <message>
        <source>%1: /v1/balances: %2</source>
        <translation>%1: /v1/balances: %2</translation>
    </message>
    <message>
        <source>%1: /api/v1/query: %2</source>
        <translation>%1: /api/v1/query: %2</translation>
    </message>
    <message>
        <source>the keeper %1 has not been read yet</source>
        <translation>der buchführende Agent %1 wurde noch nicht abgefragt</translation>
    </message>
    <message>
        <source>the keeper has never been read: %1</source>
        <translation>der buchführende Agent wurde noch nie abgefragt: %1</translation>
    </message>
</context>
<context>
    <name>gw::Ledger</name>
    <message>
        <source>%1 GPU-hours on %2 of %3 (%4 UTC) at %5 tokens per GPU-hour</source>
        <translation>%1 GPU-Stunden auf %2 von %3 (%4 UTC) zu %5 Token pro GPU-Stunde</translation>
    </message>
    <message>
        <source>%1 kWh on %2 of %3 (%4 UTC, %5 GPU-hours) at %6 tokens per kWh</source>
        <translation>%1 kWh auf %2 von %3 (%4 UTC, %5 GPU-Stunden) zu %6 Token pro kWh</translation>
    </message>
    <message>
        <source>%1 GPU-hours on MIG %2 (%3/%4 of the GPU) of %5 of %6 (%7 UTC) at %8 tokens per GPU-hour</source>
        <translation>%1 GPU-Stunden auf MIG %2 (%3/%4 der GPU) von %5 von %6 (%7 UTC) zu %8 Token pro GPU-Stunde</translation>
    </message>
    <message>
        <source>(account %1)</source>
        <translation>(Konto %1)</translation>
    </message>
    <message>
        <source>price &quot;%1&quot; (line %2) matches no GPU seen</source>
        <translation>Preis &quot;%1&quot; (Zeile %2) passt auf keine erfasste GPU</translation>
    </message>
    <message>
        <source>price &quot;%1&quot; matches no GPU seen</source>
        <translation>Preis &quot;%1&quot; passt auf keine erfasste GPU</translation>
    </message>
    <message>
        <source>charge = &quot;energy&quot;: %1 GPU-hours of use (%2) ran on GPUs that reported neither power nor an energy counter, or came from facts without energy: charged nothing for them</source>
        <translation>charge = &quot;energy&quot;: %1 GPU-Stunden Nutzung (%2) liefen auf GPUs, die weder Leistungsaufnahme noch einen Energiezähler meldeten, oder stammen aus Daten ohne Energie: dafür wurde nichts berechnet</translation>
    </message>
    <message>
        <source>%1 tokens by %2: %3</source>
        <translation>%1 Token durch %2: %3</translation>
    </message>
    <message>
        <source>first seen: initial %1 and this month&apos;s %2</source>
        <translation>erstmals erfasst: anfänglich %1 und %2 für diesen Monat</translation>
    </message>
    <message>
        <source>monthly addition for %1</source>
        <translation>monatliche Gutschrift für %1</translation>
    </message>
    <message>
        <source>daily addition for %1</source>
        <translation>tägliche Gutschrift für %1</translation>
    </message>
    <message>
        <source>daily addition for %1 (balance below zero)</source>
        <translation>tägliche Gutschrift für %1 (Guthaben unter null)</translation>
    </message>
</context>
<context>
    <name>gw::LedgerModel</name>
    <message>
        <source>grant</source>
        <translation>Zuteilung</translation>
    </message>
    <message>
        <source>monthly</source>
        <translation>monatlich</translation>
    </message>
    <message>
        <source>daily</source>
        <translation>täglich</translation>
    </message>
    <message>
        <source>usage</source>
        <translation>Nutzung</translation>
    </message>
    <message>
        <source>adjustment</source>
        <translation>Korrektur</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation>Guthaben danach</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>gw::LiveGpuPage</name>
    <message>
        <source>Utilisation %1</source>
        <translation>Auslastung %1</translation>
    </message>
    <message>
        <source>memory %1 / %2</source>
        <translation>Speicher %1 / %2</translation>
    </message>
    <message>
        <source>power %1 of %2</source>
        <translation>Leistungsaufnahme %1 von %2</translation>
    </message>
    <message>
        <source>SM clock %1</source>
        <translation>SM-Takt %1</translation>
    </message>
    <message>
        <source>fan %1</source>
        <translation>Lüfter %1</translation>
    </message>
    <message>
        <source>persistence %1</source>
        <translation>Persistenzmodus %1</translation>
    </message>
    <message>
        <source>on</source>
        <translation>ein</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Fehler:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation>Auslastung wird im MIG-Modus nicht gemeldet</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation>Kapazität %1</translation>
    </message>
    <message>
        <source>slowdown %1</source>
        <translation>Drosselung %1</translation>
    </message>
    <message>
        <source>limit %1</source>
        <translation>Limit %1</translation>
    </message>
    <message>
        <source>slowed by %1</source>
        <translation>gedrosselt durch %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU failing:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;GPU ausfallend:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU degraded:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;GPU beeinträchtigt:&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>gw::LiveHeader</name>
    <message numerus="yes">
        <source>Last %n min</source>
        <translation>
            <numerusform>Letzte %n min</numerusform>
            <numerusform>Letzte %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Time window of the charts</source>
        <translation>Zeitfenster der Diagramme</translation>
    </message>
    <message>
        <source>%1 · GPU %2 · %3</source>
        <translation>%1 · GPU %2 · %3</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n processes on GPUs</source>
        <translation>
            <numerusform>%n Prozess auf GPUs</numerusform>
            <numerusform>%n Prozesse auf GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>own PID namespace: no process named</source>
        <translation>eigener PID-Namespace: keine Prozessnamen</translation>
    </message>
</context>
<context>
    <name>gw::LocalProducer</name>
    <message>
        <source>Host figures unavailable: %1</source>
        <translation>Host-Werte nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>The kernel log cannot be read, so XIDs come only from NVML&apos;s events while the sampler runs: %1</source>
        <translation>Das Kernel-Protokoll kann nicht gelesen werden, daher kommen XIDs nur aus den Ereignissen von NVML, solange der Sampler läuft: %1</translation>
    </message>
</context>
<context>
    <name>gw::MainWindow</name>
    <message>
        <source>GPU Warden</source>
        <translation>GPU Warden</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About GPU Warden</source>
        <translation>&amp;Über GPU Warden</translation>
    </message>
    <message>
        <source>About GPU Warden</source>
        <translation>Über GPU Warden</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU Warden&lt;/b&gt; %1&lt;br&gt;Monitoring and admin for shared GPU servers.</source>
        <translation>&lt;b&gt;GPU Warden&lt;/b&gt; %1&lt;br&gt;Überwachung und Verwaltung gemeinsam genutzter GPU-Server.</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>&amp;Servers…</source>
        <translation>&amp;Server…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>&amp;Übersicht</translation>
    </message>
    <message>
        <source>&amp;Processes</source>
        <translation>&amp;Prozesse</translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation>&amp;Details</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Policy…</source>
        <translation>&amp;Richtlinie…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
    <message>
        <source>&amp;Events</source>
        <translation>&amp;Ereignisse</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>&amp;Report…</source>
        <translation>&amp;Bericht…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;Find GPUs…</source>
        <translation>&amp;GPUs finden…</translation>
    </message>
    <message>
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <source>&amp;Tokens</source>
        <translation>&amp;Token</translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation>Ctrl+5</translation>
    </message>
    <message>
        <source>&amp;Books</source>
        <translation>&amp;Buchungen</translation>
    </message>
    <message>
        <source>E&amp;nforcement</source>
        <translation>D&amp;urchsetzung</translation>
    </message>
    <message>
        <source>Adopt prices</source>
        <translation>Preise übernehmen</translation>
    </message>
    <message>
        <source>This policy has no [tokens] section, so it keeps no token books: add one to set prices.</source>
        <translation>Diese Richtlinie hat keinen Abschnitt [tokens] und führt daher kein Token-Buch: einen hinzufügen, um Preise festzulegen.</translation>
    </message>
    <message>
        <source>the window is closing</source>
        <translation>das Fenster wird geschlossen</translation>
    </message>
    <message>
        <source>Fair &amp;share</source>
        <translation>Fairer &amp;Anteil</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>&amp;System (%1)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>GPU Warden speaks %1 from its next start.</source>
        <translation>GPU Warden spricht ab dem nächsten Start %1.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>T&amp;heme</source>
        <translation>&amp;Farbschema</translation>
    </message>
</context>
<context>
    <name>gw::Metrics</name>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU-Auslastung</translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation>Belegter GPU-Speicher</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU-Temperatur</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU-Leistungsaufnahme</translation>
    </message>
    <message>
        <source>GPU SM clock</source>
        <translation>GPU-SM-Takt</translation>
    </message>
    <message>
        <source>Host CPU</source>
        <translation>Host-CPU</translation>
    </message>
    <message>
        <source>Host memory used</source>
        <translation>Belegter Arbeitsspeicher</translation>
    </message>
    <message>
        <source>Process memory</source>
        <translation>Prozessspeicher</translation>
    </message>
    <message>
        <source>Process SM</source>
        <translation>Prozess-SM</translation>
    </message>
</context>
<context>
    <name>gw::OverviewModel</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG, %n instances, utilisation not reported</source>
        <translation>
            <numerusform>MIG, %n Instanz, Auslastung nicht gemeldet</numerusform>
            <numerusform>MIG, %n Instanzen, Auslastung nicht gemeldet</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GPU %2</source>
        <translation>%1 GPU %2</translation>
    </message>
    <message>
        <source>stale, last reading %1 ago, no verdict</source>
        <translation>veraltet, letzte Messung vor %1, keine Bewertung</translation>
    </message>
    <message>
        <source>GPU failing: %1</source>
        <translation>GPU ausfallend: %1</translation>
    </message>
    <message>
        <source>GPU degraded: %1</source>
        <translation>GPU beeinträchtigt: %1</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message>
        <source>utilisation %1</source>
        <translation>Auslastung %1</translation>
    </message>
    <message>
        <source>memory %1 of %2</source>
        <translation>Speicher %1 von %2</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>Temperatur %1</translation>
    </message>
    <message>
        <source>power %1</source>
        <translation>Leistungsaufnahme %1</translation>
    </message>
    <message>
        <source>users %1</source>
        <translation>Benutzer %1</translation>
    </message>
    <message>
        <source>no processes</source>
        <translation>keine Prozesse</translation>
    </message>
    <message>
        <source>waiting for the first reading</source>
        <translation>warten auf die erste Messung</translation>
    </message>
    <message>
        <source>stale, last reading %1 ago</source>
        <translation>veraltet, letzte Messung vor %1</translation>
    </message>
    <message>
        <source>updated %1 ago</source>
        <translation>aktualisiert vor %1</translation>
    </message>
    <message>
        <source>reading %1 old</source>
        <translation>Messung %1 alt</translation>
    </message>
</context>
<context>
    <name>gw::OverviewPage</name>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Sort GPUs by</source>
        <translation>GPUs sortieren nach</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>Alle Zustände</translation>
    </message>
    <message>
        <source>Show GPUs in state</source>
        <translation>GPUs im Zustand anzeigen</translation>
    </message>
    <message>
        <source>Filter by user, model or server</source>
        <translation>Nach Benutzer, Modell oder Server filtern</translation>
    </message>
    <message>
        <source>Filter GPUs</source>
        <translation>GPUs filtern</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Sort:</source>
        <translation>&amp;Sortierung:</translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation>An&amp;zeigen:</translation>
    </message>
    <message>
        <source>Greyed tiles: last figures of a stale server, with their age · bar: memory used (one part per MIG instance) · n/r: not reported</source>
        <translation>Ausgegraute Kacheln: letzte Werte eines veralteten Servers, mit ihrem Alter · Balken: belegter Speicher (ein Teil pro MIG-Instanz) · n. g.: nicht gemeldet</translation>
    </message>
</context>
<context>
    <name>gw::OverviewView</name>
    <message>
        <source>Fleet overview</source>
        <translation>Übersicht des Serverbestands</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>util n/r</source>
        <translation>Ausl. n. g.</translation>
    </message>
    <message numerus="yes">
        <source>MIG: %n instances</source>
        <translation>
            <numerusform>MIG: %n Instanz</numerusform>
            <numerusform>MIG: %n Instanzen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>no processes</source>
        <translation>keine Prozesse</translation>
    </message>
    <message>
        <source>No GPU matches the filter.</source>
        <translation>Keine GPU entspricht dem Filter.</translation>
    </message>
    <message>
        <source>No server has reported yet.</source>
        <translation>Noch kein Server hat Messungen gemeldet.</translation>
    </message>
    <message>
        <source>No GPU on this server.</source>
        <translation>Keine GPU auf diesem Server.</translation>
    </message>
    <message>
        <source>stale, last reading %1 ago</source>
        <translation>veraltet, letzte Messung vor %1</translation>
    </message>
    <message>
        <source>host %1</source>
        <translation>Host %1</translation>
    </message>
</context>
<context>
    <name>gw::OwnerText</name>
    <message>
        <source>Owner %1: %2</source>
        <translation>Eigentümer %1: %2</translation>
    </message>
    <message>
        <source>Host user %1</source>
        <translation>Host-Benutzer %1</translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation>Image %1</translation>
    </message>
    <message>
        <source>Partition %1</source>
        <translation>Partition %1</translation>
    </message>
    <message>
        <source>The sampler of this server runs in a PID namespace of its own (a container without the host&apos;s PID namespace): the driver&apos;s process ids are not the ones it sees, so no process is named and no owner is shown.</source>
        <translation>Der Sampler dieses Servers läuft in einem eigenen PID-Namespace (ein Container ohne den PID-Namespace des Hosts): die Prozess-IDs des Treibers sind nicht die, die er sieht, daher wird kein Prozess benannt und kein Eigentümer angezeigt.</translation>
    </message>
    <message>
        <source>held by %1 (%2)</source>
        <translation>belegt von %1 (%2)</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>belegt von %1</translation>
    </message>
</context>
<context>
    <name>gw::Palette</name>
    <message>
        <source>free</source>
        <translation>frei</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>idle, memory held</source>
        <translation>ungenutzt, Speicher belegt</translation>
    </message>
    <message>
        <source>hot</source>
        <translation>heiß</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>Auslastung nicht gemeldet</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>Verbindungsaufbau</translation>
    </message>
    <message>
        <source>Reporting, below 10 % utilisation, no process on it.</source>
        <translation>Meldet Messungen, unter 10 % Auslastung, kein Prozess darauf.</translation>
    </message>
    <message>
        <source>In use: at or above 10 % utilisation.</source>
        <translation>Aktiv: bei oder über 10 % Auslastung.</translation>
    </message>
    <message>
        <source>Processes hold memory on it while it is nearly idle.</source>
        <translation>Prozesse belegen Speicher darauf, während sie nahezu ungenutzt ist.</translation>
    </message>
    <message>
        <source>At or above the temperature where the driver slows it down.</source>
        <translation>Bei oder über der Temperatur, ab der der Treiber sie drosselt.</translation>
    </message>
    <message>
        <source>The driver does not report its utilisation (MIG mode, old drivers): no verdict.</source>
        <translation>Der Treiber meldet ihre Auslastung nicht (MIG-Modus, alte Treiber): keine Bewertung.</translation>
    </message>
    <message>
        <source>No reading for more than three sampling intervals, or the server is not connected: the figures shown are the last ones, greyed, with no verdict.</source>
        <translation>Keine Messung seit mehr als drei Abtastintervallen, oder der Server ist nicht verbunden: die angezeigten Werte sind die letzten, ausgegraut, ohne Bewertung.</translation>
    </message>
    <message>
        <source>The device failed, or the server cannot be reached or refuses us.</source>
        <translation>Das Gerät ist ausgefallen, oder der Server ist nicht erreichbar oder weist uns ab.</translation>
    </message>
    <message>
        <source>The server has not answered yet.</source>
        <translation>Der Server hat noch nicht geantwortet.</translation>
    </message>
</context>
<context>
    <name>gw::PolicyClient</name>
    <message>
        <source>%1: this agent&apos;s token has read access only; changing the policy needs a token with admin scope (HTTP 403)</source>
        <translation>%1: das Zugriffstoken dieses Agenten hat nur Lesezugriff; das Ändern der Richtlinie erfordert ein Zugriffstoken mit Admin-Berechtigung (HTTP 403)</translation>
    </message>
    <message>
        <source>&quot;events&quot;: expected an array</source>
        <translation>&quot;events&quot;: Array erwartet</translation>
    </message>
    <message>
        <source>&quot;policy&quot;: expected an object</source>
        <translation>&quot;policy&quot;: Objekt erwartet</translation>
    </message>
</context>
<context>
    <name>gw::PolicyDialog</name>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation>%1 (PID %2, %3)</translation>
    </message>
    <message>
        <source>process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>, GPU %1</source>
        <translation>, GPU %1</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Dieser Computer</translation>
    </message>
    <message>
        <source>&amp;Form</source>
        <translation>&amp;Formular</translation>
    </message>
    <message>
        <source>policy.&amp;toml</source>
        <translation>policy.&amp;toml</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>&amp;Nachspielen</translation>
    </message>
    <message>
        <source>Click a mistake to go to it in the text.</source>
        <translation>Einen Fehler anklicken, um im Text zu ihm zu springen.</translation>
    </message>
    <message>
        <source>Replay Last 24 h</source>
        <translation>Letzte 24 h nachspielen</translation>
    </message>
    <message>
        <source>List the events the edited policy would have found in the last 24 hours of readings, before saving it.</source>
        <translation>Die Ereignisse auflisten, die die bearbeitete Richtlinie in den Messungen der letzten 24 Stunden gefunden hätte, bevor sie gespeichert wird.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>&amp;Apply to %1</source>
        <translation>&amp;Auf %1 anwenden</translation>
    </message>
    <message numerus="yes">
        <source>Replaying the edited policy… %L1 readings</source>
        <translation>
            <numerusform>Bearbeitete Richtlinie wird nachgespielt… %L1 Messung</numerusform>
            <numerusform>Bearbeitete Richtlinie wird nachgespielt… %L1 Messungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaying the current policy for comparison… %L1 readings</source>
        <translation>
            <numerusform>Aktuelle Richtlinie wird zum Vergleich nachgespielt… %L1 Messung</numerusform>
            <numerusform>Aktuelle Richtlinie wird zum Vergleich nachgespielt… %L1 Messungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries skipped in all.</source>
        <translation>
            <numerusform>%n Eintrag insgesamt übersprungen.</numerusform>
            <numerusform>%n Einträge insgesamt übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Load bands and defensive mode: in the text.</source>
        <translation>Lastbänder und defensiver Modus: im Text.</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Group quotas: in the text.</source>
        <translation>Gruppenkontingente: im Text.</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation>Anteil (%)</translation>
    </message>
    <message>
        <source>Time windows (; between them)</source>
        <translation>Zeitfenster (getrennt durch ;)</translation>
    </message>
    <message>
        <source>Add User</source>
        <translation>Benutzer hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>user%1</source>
        <translation>user%1</translation>
    </message>
    <message>
        <source>Replay the edited policy over the readings of the last 24 hours to see what it would have found.</source>
        <translation>Die bearbeitete Richtlinie über die Messungen der letzten 24 Stunden nachspielen, um zu sehen, was sie gefunden hätte.</translation>
    </message>
    <message>
        <source>Cancel Replay</source>
        <translation>Nachspielen abbrechen</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Betroffen</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source># policy.toml of this computer: every key at its default. See docs/policies.md.
</source>
        <translation># policy.toml dieses Computers: jeder Schlüssel mit seinem Standardwert. Siehe docs/policies.md.
</translation>
    </message>
    <message>
        <source>%1 does not exist yet; Save creates it.</source>
        <translation>%1 existiert noch nicht; Speichern legt die Datei an.</translation>
    </message>
    <message>
        <source>The policy in force on %1 (%2). Applying it needs a token with admin scope; the agent checks it again and keeps the previous version.</source>
        <translation>Die auf %1 geltende Richtlinie (%2). Das Anwenden erfordert ein Zugriffstoken mit Admin-Berechtigung; der Agent prüft sie erneut und behält die vorherige Version.</translation>
    </message>
    <message>
        <source>Reading the policy of %1…</source>
        <translation>Richtlinie von %1 wird gelesen…</translation>
    </message>
    <message>
        <source>Cannot read the policy of %1: %2</source>
        <translation>Die Richtlinie von %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source># The policy in force on %1 (version %2, from %3), every key with its effective value.
</source>
        <translation># Die auf %1 geltende Richtlinie (Version %2, von %3), jeder Schlüssel mit seinem wirksamen Wert.
</translation>
    </message>
    <message>
        <source>unknown source</source>
        <translation>unbekannte Quelle</translation>
    </message>
    <message>
        <source>Version %1, changed %2.</source>
        <translation>Version %1, geändert %2.</translation>
    </message>
    <message>
        <source>Version %1.</source>
        <translation>Version %1.</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>Warnung: </translation>
    </message>
    <message>
        <source>The policy is valid.</source>
        <translation>Die Richtlinie ist gültig.</translation>
    </message>
    <message numerus="yes">
        <source>The policy is valid, with %n warning(s):</source>
        <translation>
            <numerusform>Die Richtlinie ist gültig, mit %n Warnung:</numerusform>
            <numerusform>Die Richtlinie ist gültig, mit %n Warnungen:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s); Save waits until they are fixed:</source>
        <translation>
            <numerusform>%n Fehler; Speichern wartet, bis er behoben ist:</numerusform>
            <numerusform>%n Fehler; Speichern wartet, bis sie behoben sind:</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Not saved: the previous version could not be kept as %1.</source>
        <translation>Nicht gespeichert: die vorherige Version konnte nicht als %1 aufbewahrt werden.</translation>
    </message>
    <message>
        <source>Saved to %1; the previous version is kept as %2.</source>
        <translation>Gespeichert in %1; die vorherige Version wird als %2 aufbewahrt.</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>Gespeichert in %1.</translation>
    </message>
    <message>
        <source>Sending the policy to %1…</source>
        <translation>Richtlinie wird an %1 gesendet…</translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2).</source>
        <translation>%1 hat die Richtlinie angewendet (Version %2).</translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2), but could not store it: it lasts until the agent restarts.</source>
        <translation>%1 hat die Richtlinie angewendet (Version %2), konnte sie aber nicht speichern: sie gilt bis zum Neustart des Agenten.</translation>
    </message>
    <message>
        <source>In force now:</source>
        <translation>Jetzt in Kraft:</translation>
    </message>
    <message>
        <source>%1 refused the policy: %2</source>
        <translation>%1 hat die Richtlinie abgelehnt: %2</translation>
    </message>
    <message>
        <source>Replaying the edited policy…</source>
        <translation>Bearbeitete Richtlinie wird nachgespielt…</translation>
    </message>
    <message>
        <source>event %1 of the agent&apos;s answer skipped: %2</source>
        <translation>Ereignis %1 der Antwort des Agenten übersprungen: %2</translation>
    </message>
    <message>
        <source>Replaying the current policy for comparison…</source>
        <translation>Aktuelle Richtlinie wird zum Vergleich nachgespielt…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1 (open)</source>
        <translation>%1 (offen)</translation>
    </message>
    <message>
        <source>%1: %2 (current policy: %3)</source>
        <translation>%1: %2 (aktuelle Richtlinie: %3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The replay failed: %1</source>
        <translation>Das Nachspielen ist fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Replay cancelled after %n reading(s).</source>
        <translation>
            <numerusform>Nachspielen nach %n Messung abgebrochen.</numerusform>
            <numerusform>Nachspielen nach %n Messungen abgebrochen.</numerusform>
        </translation>
    </message>
    <message>
        <source>No readings in the last 24 hours to replay.</source>
        <translation>Keine Messungen der letzten 24 Stunden zum Nachspielen.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) in %L1 readings of the last 24 hours.</source>
        <translation>
            <numerusform>%n Ereignis in %L1 Messungen der letzten 24 Stunden.</numerusform>
            <numerusform>%n Ereignisse in %L1 Messungen der letzten 24 Stunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo</source>
        <translation>Die Demo</translation>
    </message>
    <message>
        <source>Policy — agent %1 (%2)</source>
        <translation>Richtlinie — Agent %1 (%2)</translation>
    </message>
    <message>
        <source>Policy — demo (in memory)</source>
        <translation>Richtlinie — Demo (im Arbeitsspeicher)</translation>
    </message>
    <message>
        <source>Policy — this computer (%1)</source>
        <translation>Richtlinie — dieser Computer (%1)</translation>
    </message>
    <message>
        <source>&amp;Apply to the Demo</source>
        <translation>&amp;Auf die Demo anwenden</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>Members (@group)</source>
        <translation>Mitglieder (@Gruppe)</translation>
    </message>
    <message>
        <source>GPUs at most</source>
        <translation>Max. GPUs</translation>
    </message>
    <message>
        <source>Per member</source>
        <translation>Pro Mitglied</translation>
    </message>
    <message>
        <source>0 or empty: no cap. Members are user names, and Unix groups written with @.</source>
        <translation>0 oder leer: keine Obergrenze. Mitglieder sind Benutzernamen und Unix-Gruppen, mit @ geschrieben.</translation>
    </message>
    <message>
        <source>Add Account</source>
        <translation>Konto hinzufügen</translation>
    </message>
    <message>
        <source>lab%1</source>
        <translation>lab%1</translation>
    </message>
    <message>
        <source>The policy the demo applies to its simulated fleet, kept in memory: Apply puts it in force at once (the Events page, the verdicts, the report) and writes no file. It ends with the demo.</source>
        <translation>Die Richtlinie, die die Demo auf ihren simulierten Serverbestand anwendet, im Arbeitsspeicher gehalten: Anwenden setzt sie sofort in Kraft (die Seite Ereignisse, die Bewertungen, der Bericht) und schreibt keine Datei. Sie endet mit der Demo.</translation>
    </message>
    <message>
        <source>The file this computer&apos;s policies read, %1: Save writes it and they apply it at once.</source>
        <translation>Die Datei, aus der die Richtlinien dieses Computers gelesen werden, %1: Speichern schreibt sie, und sie wird sofort angewendet.</translation>
    </message>
    <message>
        <source>The file this computer&apos;s policies read, %1. They do not run in this window (--no-local, or the file was refused at start): Save writes it, and it is applied when GPU Warden next watches this computer.</source>
        <translation>Die Datei, aus der die Richtlinien dieses Computers gelesen werden, %1. Sie laufen nicht in diesem Fenster (--no-local, oder die Datei wurde beim Start abgewiesen): Speichern schreibt sie, und sie wird angewendet, sobald GPU Warden diesen Computer das nächste Mal überwacht.</translation>
    </message>
    <message>
        <source>The demo applies this policy from its next reading on; no file was written.</source>
        <translation>Die Demo wendet diese Richtlinie ab ihrer nächsten Messung an; es wurde keine Datei geschrieben.</translation>
    </message>
    <message>
        <source>Mistakes in the policy</source>
        <translation>Fehler in der Richtlinie</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation>Konten</translation>
    </message>
</context>
<context>
    <name>gw::PolicyEngine</name>
    <message>
        <source>holds little memory</source>
        <translation>belegt wenig Speicher</translation>
    </message>
    <message>
        <source>GPU not read</source>
        <translation>GPU nicht gelesen</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>Auslastung nicht gemeldet</translation>
    </message>
    <message>
        <source>busy again</source>
        <translation>wieder aktiv</translation>
    </message>
    <message>
        <source>power draw above idle</source>
        <translation>Leistungsaufnahme höher als bei ungenutzter GPU</translation>
    </message>
    <message>
        <source>exempt</source>
        <translation>ausgenommen</translation>
    </message>
    <message>
        <source>memory changing</source>
        <translation>Speicher ändert sich</translation>
    </message>
    <message>
        <source>no cap in the policy</source>
        <translation>keine Obergrenze in der Richtlinie</translation>
    </message>
    <message>
        <source>over cap: terminate in %1</source>
        <translation>über der Obergrenze: beenden in %1</translation>
    </message>
    <message>
        <source>back within the cap</source>
        <translation>wieder innerhalb der Obergrenze</translation>
    </message>
    <message>
        <source>process ended after the action</source>
        <translation>Prozess nach der Aktion beendet</translation>
    </message>
    <message>
        <source>process exited</source>
        <translation>Prozess hat sich beendet</translation>
    </message>
    <message>
        <source>too few readings in the window</source>
        <translation>zu wenige Messungen im Zeitfenster</translation>
    </message>
    <message>
        <source>back within quota</source>
        <translation>wieder innerhalb des Kontingents</translation>
    </message>
    <message>
        <source>healthy again</source>
        <translation>wieder fehlerfrei</translation>
    </message>
    <message>
        <source>told</source>
        <translation>benachrichtigt</translation>
    </message>
    <message>
        <source>below threshold</source>
        <translation>unter dem Schwellenwert</translation>
    </message>
    <message>
        <source>GPU disappeared</source>
        <translation>GPU verschwunden</translation>
    </message>
    <message>
        <source>policy changed</source>
        <translation>Richtlinie geändert</translation>
    </message>
    <message>
        <source>idle: terminate in %1</source>
        <translation>ungenutzt: beenden in %1</translation>
    </message>
    <message>
        <source>wall clock stepped back</source>
        <translation>Systemuhr wurde zurückgestellt</translation>
    </message>
    <message>
        <source>gap in readings</source>
        <translation>Lücke in den Messungen</translation>
    </message>
    <message>
        <source>root&apos;s processes are never signalled</source>
        <translation>Prozesse von root erhalten nie ein Signal</translation>
    </message>
    <message>
        <source>start time unknown: not signalled</source>
        <translation>Startzeit unbekannt: kein Signal gesendet</translation>
    </message>
    <message>
        <source>dry run: would send SIGTERM to PID %1</source>
        <translation>Probelauf: würde SIGTERM an PID %1 senden</translation>
    </message>
    <message>
        <source>would send SIGTERM to PID %1 (not enforcing here)</source>
        <translation>würde SIGTERM an PID %1 senden (hier keine Durchsetzung)</translation>
    </message>
    <message>
        <source>SIGTERM requested for PID %1</source>
        <translation>SIGTERM für PID %1 angefordert</translation>
    </message>
</context>
<context>
    <name>gw::PolicyEvent</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>Konto %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation>%1 (PID %2, %3)</translation>
    </message>
    <message>
        <source>%1 GPU %2</source>
        <translation>%1 GPU %2</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>Zeichenkette erwartet</translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation>Ganzzahl erwartet</translation>
    </message>
    <message>
        <source>expected an integer or null</source>
        <translation>Ganzzahl oder null erwartet</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>Zahl erwartet</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>true oder false erwartet</translation>
    </message>
    <message>
        <source>GPU hog: %1 at %2 for %3 on %4</source>
        <translation>GPU-Vereinnahmung: %1 bei %2 über %3 auf %4</translation>
    </message>
    <message>
        <source>Idle GPU: %1 holds %2 MiB at %3 for %4 on %5</source>
        <translation>Ungenutzt belegte GPU: %1 belegt %2 MiB bei %3 über %4 auf %5</translation>
    </message>
    <message>
        <source>Over quota: %1 at %2 of %3 for %4 (expected quota: %5)</source>
        <translation>Über dem Kontingent: %1 bei %2 von %3 über %4 (erwartetes Kontingent: %5)</translation>
    </message>
    <message>
        <source>GPU failing: %1</source>
        <translation>GPU ausfallend: %1</translation>
    </message>
    <message>
        <source>GPU failing: %1: %2</source>
        <translation>GPU ausfallend: %1: %2</translation>
    </message>
    <message>
        <source>GPU degraded: %1</source>
        <translation>GPU beeinträchtigt: %1</translation>
    </message>
    <message>
        <source>GPU degraded: %1: %2</source>
        <translation>GPU beeinträchtigt: %1: %2</translation>
    </message>
    <message>
        <source>%1 on %2 (the driver named no process)</source>
        <translation>%1 auf %2 (der Treiber nannte keinen Prozess)</translation>
    </message>
    <message>
        <source>%1 caused by %2 on %3</source>
        <translation>%1, verursacht von %2 auf %3</translation>
    </message>
    <message>
        <source>Over a GPU cap: %1 on %2 (%3)</source>
        <translation>Über einer GPU-Obergrenze: %1 auf %2 (%3)</translation>
    </message>
    <message>
        <source>expected hog, idle, fair_share, gpu_health, xid or over_cap, got &quot;%1&quot;</source>
        <translation>hog, idle, fair_share, gpu_health, xid oder over_cap erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected degraded or failing, got &quot;%1&quot;</source>
        <translation>degraded oder failing erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation>Array erwartet</translation>
    </message>
    <message>
        <source>expected strings</source>
        <translation>Zeichenketten erwartet</translation>
    </message>
    <message>
        <source>expected at most %1 reasons</source>
        <translation>höchstens %1 Gründe erwartet</translation>
    </message>
    <message>
        <source>expected 1 to 999, got %1</source>
        <translation>1 bis 999 erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected user, member or account, got &quot;%1&quot;</source>
        <translation>user, member oder account erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected 1 to %1, got %2</source>
        <translation>1 bis %1 erwartet, erhalten: %2</translation>
    </message>
    <message>
        <source>expected 0 to 100000, got %1</source>
        <translation>0 bis 100000 erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>Objekt erwartet</translation>
    </message>
    <message>
        <source>expected warning, terminate, kill or refused, got &quot;%1&quot;</source>
        <translation>warning, terminate, kill oder refused erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>warning</source>
        <comment>an enforcement step: the owner was warned</comment>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>terminate</source>
        <comment>an enforcement step (SIGTERM); also read as &apos;would %1&apos;</comment>
        <translation>beenden</translation>
    </message>
    <message>
        <source>kill</source>
        <comment>an enforcement step (SIGKILL); also read as &apos;would %1&apos;</comment>
        <translation>abbrechen (SIGKILL)</translation>
    </message>
    <message>
        <source>refused</source>
        <comment>an enforcement step that was not taken, and why</comment>
        <translation>abgelehnt</translation>
    </message>
</context>
<context>
    <name>gw::PolicyEventKind</name>
    <message>
        <source>GPU hog</source>
        <translation>GPU-Vereinnahmung</translation>
    </message>
    <message>
        <source>Hog</source>
        <translation>Vereinnahmung</translation>
    </message>
    <message>
        <source>hog</source>
        <translation>Vereinnahmung</translation>
    </message>
    <message>
        <source>H</source>
        <translation>V</translation>
    </message>
    <message>
        <source>&amp;Hog</source>
        <translation>&amp;Vereinnahmung</translation>
    </message>
    <message>
        <source>Idle GPU</source>
        <translation>Ungenutzt belegte GPU</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Ungenutzt</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>ungenutzt</translation>
    </message>
    <message>
        <source>I</source>
        <translation>U</translation>
    </message>
    <message>
        <source>&amp;Idle</source>
        <translation>&amp;Ungenutzt</translation>
    </message>
    <message>
        <source>Over quota</source>
        <translation>Kontingent überschritten</translation>
    </message>
    <message>
        <source>Fair share</source>
        <translation>Fairer Anteil</translation>
    </message>
    <message>
        <source>fair share</source>
        <translation>fairer Anteil</translation>
    </message>
    <message>
        <source>Q</source>
        <translation>K</translation>
    </message>
    <message>
        <source>&amp;Fair share</source>
        <translation>&amp;Fairer Anteil</translation>
    </message>
    <message>
        <source>over quota</source>
        <translation>über dem Kontingent</translation>
    </message>
    <message>
        <source>quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>GPU fault</source>
        <translation>GPU-Fehler</translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation>GPU-Zustand</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>GPU &amp;faults</source>
        <translation>GPU-Fe&amp;hler</translation>
    </message>
    <message>
        <source>faulty GPU</source>
        <translation>fehlerhafte GPU</translation>
    </message>
    <message>
        <source>fault</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>XID from a program</source>
        <translation>XID durch ein Programm</translation>
    </message>
    <message>
        <source>XID</source>
        <translation>XID</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>&amp;XIDs</source>
        <translation>&amp;XIDs</translation>
    </message>
    <message>
        <source>caused an XID</source>
        <translation>hat eine XID ausgelöst</translation>
    </message>
    <message>
        <source>xid</source>
        <translation>xid</translation>
    </message>
    <message>
        <source>Over a GPU cap</source>
        <translation>GPU-Obergrenze überschritten</translation>
    </message>
    <message>
        <source>Over cap</source>
        <translation>Obergrenze überschritten</translation>
    </message>
    <message>
        <source>over cap</source>
        <translation>über der Obergrenze</translation>
    </message>
    <message>
        <source>C</source>
        <translation>O</translation>
    </message>
    <message>
        <source>Over &amp;cap</source>
        <translation>&amp;Obergrenze überschritten</translation>
    </message>
    <message>
        <source>over a GPU cap</source>
        <translation>über einer GPU-Obergrenze</translation>
    </message>
    <message>
        <source>cap</source>
        <translation>Obergrenze</translation>
    </message>
</context>
<context>
    <name>gw::PolicySchema</name>
    <message>
        <source>Hog: a GPU kept busy</source>
        <translation>Vereinnahmung: eine dauerhaft ausgelastete GPU</translation>
    </message>
    <message>
        <source>GPU utilisation at or above which a process counts towards a hog</source>
        <translation>GPU-Auslastung, ab der ein Prozess zu einer Vereinnahmung zählt</translation>
    </message>
    <message>
        <source>Utilisation at least:</source>
        <translation>Auslastung mindestens:</translation>
    </message>
    <message>
        <source>held this long makes a hog</source>
        <translation>so lange gehalten ergibt eine Vereinnahmung</translation>
    </message>
    <message>
        <source>For at least:</source>
        <translation>Mindestens für:</translation>
    </message>
    <message>
        <source>each process on its own, or an owner&apos;s, a workload&apos;s or an account&apos;s processes together</source>
        <translation>jeder Prozess für sich oder die Prozesse eines Eigentümers, einer Arbeitslast oder eines Kontos zusammen</translation>
    </message>
    <message>
        <source>each process</source>
        <translation>jeder Prozess</translation>
    </message>
    <message>
        <source>an owner&apos;s processes together</source>
        <translation>die Prozesse eines Eigentümers zusammen</translation>
    </message>
    <message>
        <source>a container&apos;s, pod&apos;s or job&apos;s processes together</source>
        <translation>die Prozesse eines Containers, Pods oder Jobs zusammen</translation>
    </message>
    <message>
        <source>an account&apos;s processes together</source>
        <translation>die Prozesse eines Kontos zusammen</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>Bewerten:</translation>
    </message>
    <message>
        <source>raise an alert when a hog is found</source>
        <translation>Alarm auslösen, wenn eine Vereinnahmung gefunden wird</translation>
    </message>
    <message>
        <source>Alert when a hog is found</source>
        <translation>Alarm bei gefundener Vereinnahmung</translation>
    </message>
    <message>
        <source>Idle: GPU memory held but unused</source>
        <translation>Ungenutzt: GPU-Speicher belegt, aber nicht genutzt</translation>
    </message>
    <message>
        <source>below this GPU utilisation a process is idle</source>
        <translation>unter dieser GPU-Auslastung ist ein Prozess ungenutzt</translation>
    </message>
    <message>
        <source>Utilisation below:</source>
        <translation>Auslastung unter:</translation>
    </message>
    <message>
        <source>idle for this long is judged idle</source>
        <translation>so lange ungenutzt gilt als ungenutzt</translation>
    </message>
    <message>
        <source>only processes holding at least this much GPU memory count</source>
        <translation>nur Prozesse, die mindestens so viel GPU-Speicher belegen, zählen</translation>
    </message>
    <message>
        <source>Holding at least:</source>
        <translation>Belegt mindestens:</translation>
    </message>
    <message>
        <source>near-idle power draw and flat memory must confirm an idle verdict</source>
        <translation>Leistungsaufnahme nahe dem Leerlauf und gleichbleibender Speicher müssen das Urteil „ungenutzt“ bestätigen</translation>
    </message>
    <message>
        <source>warnings before the action, as time left before it</source>
        <translation>Warnungen vor der Aktion, als verbleibende Zeit bis zu ihr</translation>
    </message>
    <message>
        <source>Warn before acting:</source>
        <translation>Vor der Aktion warnen:</translation>
    </message>
    <message>
        <source>what is done to an idle process</source>
        <translation>was mit einem ungenutzten Prozess geschieht</translation>
    </message>
    <message>
        <source>notify the owner</source>
        <translation>Eigentümer benachrichtigen</translation>
    </message>
    <message>
        <source>terminate the process</source>
        <translation>Prozess beenden</translation>
    </message>
    <message>
        <source>Then:</source>
        <translation>Danach:</translation>
    </message>
    <message>
        <source>record what would be done, do nothing</source>
        <translation>aufzeichnen, was getan würde, nichts tun</translation>
    </message>
    <message>
        <source>Dry run: record what would be done, do nothing</source>
        <translation>Probelauf: aufzeichnen, was getan würde, nichts tun</translation>
    </message>
    <message>
        <source>user names never touched</source>
        <translation>Benutzernamen, die nie angetastet werden</translation>
    </message>
    <message>
        <source>Exempt users:</source>
        <translation>Ausgenommene Benutzer:</translation>
    </message>
    <message>
        <source>user names, comma-separated</source>
        <translation>Benutzernamen, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>command names never touched</source>
        <translation>Befehlsnamen, die nie angetastet werden</translation>
    </message>
    <message>
        <source>Exempt commands:</source>
        <translation>Ausgenommene Befehle:</translation>
    </message>
    <message>
        <source>commands, comma-separated</source>
        <translation>Befehle, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>after SIGTERM, SIGKILL follows after this</source>
        <translation>nach SIGTERM folgt SIGKILL nach dieser Zeit</translation>
    </message>
    <message>
        <source>Fair share: quotas</source>
        <translation>Fairer Anteil: Kontingente</translation>
    </message>
    <message>
        <source>fair share is measured over this sliding window</source>
        <translation>der faire Anteil wird über dieses gleitende Zeitfenster gemessen</translation>
    </message>
    <message>
        <source>Measured over:</source>
        <translation>Gemessen über:</translation>
    </message>
    <message>
        <source>fair share&apos;s memory: usage this long ago weighs half; the caller who used least lately gets the next free GPU</source>
        <translation>Gedächtnis des fairen Anteils: so lange zurückliegende Nutzung zählt halb; wer zuletzt am wenigsten genutzt hat, erhält die nächste freie GPU</translation>
    </message>
    <message>
        <source>Memory (half-life):</source>
        <translation>Gedächtnis (Halbwertszeit):</translation>
    </message>
    <message>
        <source>share of the server for users listed nowhere (100: no limit)</source>
        <translation>Anteil am Server für nirgends aufgeführte Benutzer (100: keine Begrenzung)</translation>
    </message>
    <message>
        <source>Users not listed:</source>
        <translation>Nicht aufgeführte Benutzer:</translation>
    </message>
    <message>
        <source>one key per user name</source>
        <translation>ein Schlüssel pro Benutzername</translation>
    </message>
    <message>
        <source>one key per Unix group (members resolved on the server)</source>
        <translation>ein Schlüssel pro Unix-Gruppe (Mitglieder werden auf dem Server aufgelöst)</translation>
    </message>
    <message>
        <source>Accounts: caps on GPUs at once</source>
        <translation>Konten: Obergrenzen für gleichzeitig genutzte GPUs</translation>
    </message>
    <message>
        <source>GPUs and MIG instances one person holds at once, whatever the account; 0: no cap</source>
        <translation>GPUs und MIG-Instanzen, die eine Person gleichzeitig belegt, unabhängig vom Konto; 0: keine Obergrenze</translation>
    </message>
    <message>
        <source>GPUs per person at most:</source>
        <translation>GPUs pro Person höchstens:</translation>
    </message>
    <message>
        <source>the cap rule&apos;s steps for a holding past a cap recorded as &quot;would&quot;, nothing done</source>
        <translation>die Schritte der Obergrenzen-Regel bei einer Belegung über einer Obergrenze werden als &quot;would&quot; erfasst, nichts wird getan</translation>
    </message>
    <message>
        <source>Dry run: record what the cap rule would do</source>
        <translation>Probelauf: erfassen, was die Obergrenzen-Regel tun würde</translation>
    </message>
    <message>
        <source>[accounts.NAME]: members = [&quot;alice&quot;, &quot;@lab&quot;], max_gpus, max_gpus_per_member (0: no cap), share (% of the server)</source>
        <translation>[accounts.NAME]: members = [&quot;alice&quot;, &quot;@lab&quot;], max_gpus, max_gpus_per_member (0: keine Obergrenze), share (% des Servers)</translation>
    </message>
    <message>
        <source>Adaptive quotas</source>
        <translation>Adaptive Kontingente</translation>
    </message>
    <message>
        <source>tighten quotas as the server gets busy</source>
        <translation>Kontingente verschärfen, wenn der Server ausgelastet ist</translation>
    </message>
    <message>
        <source>Tighten quotas as the server gets busy</source>
        <translation>Kontingente verschärfen, wenn der Server ausgelastet ist</translation>
    </message>
    <message>
        <source>a server at most up_to percent busy multiplies every quota by multiplier</source>
        <translation>bei einem Server mit höchstens up_to Prozent Auslastung wird jedes Kontingent mit multiplier multipliziert</translation>
    </message>
    <message>
        <source>hogs present more than this fraction of hostile_window …</source>
        <translation>Vereinnahmungen während mehr als diesem Anteil von hostile_window …</translation>
    </message>
    <message>
        <source>… switch to defensive mode</source>
        <translation>… in den defensiven Modus wechseln</translation>
    </message>
    <message>
        <source>every quota times this in defensive mode</source>
        <translation>jedes Kontingent im defensiven Modus mal diesem Wert</translation>
    </message>
    <message>
        <source>an http:// or https:// URL; empty: no webhook</source>
        <translation>eine http://- oder https://-URL; leer: kein Webhook</translation>
    </message>
    <message>
        <source>at most one alert per event kind and user in this span</source>
        <translation>höchstens ein Alarm pro Ereignisart und Benutzer in diesem Zeitraum</translation>
    </message>
    <message>
        <source>retries after a failed POST</source>
        <translation>Wiederholungen nach einem fehlgeschlagenen POST</translation>
    </message>
    <message>
        <source>per attempt</source>
        <translation>pro Versuch</translation>
    </message>
    <message>
        <source>the address of a person listed without one, {user} their name: &quot;{user}@example.org&quot;; empty: e-mail only to the addresses listed</source>
        <translation>die Adresse einer Person, die ohne Adresse aufgeführt ist, {user} ihr Name: &quot;{user}@example.org&quot;; leer: E-Mail nur an die aufgeführten Adressen</translation>
    </message>
    <message>
        <source>an absolute path: more people, one [NAME] table each with the keys of [contacts.NAME]; read again when it changes</source>
        <translation>ein absoluter Pfad: weitere Personen, je eine [NAME]-Tabelle mit den Schlüsseln von [contacts.NAME]; wird bei Änderung neu gelesen</translation>
    </message>
    <message>
        <source>the sendmail program mail is handed to (sendmail -t -oi)</source>
        <translation>das sendmail-Programm, dem die Mail übergeben wird (sendmail -t -oi)</translation>
    </message>
    <message>
        <source>&quot;smtp://host:port&quot;: mail through this relay instead of sendmail</source>
        <translation>&quot;smtp://host:port&quot;: Mail über dieses Relay statt über sendmail</translation>
    </message>
    <message>
        <source>the sender&apos;s address; empty: gpuwarden-agent@ the server&apos;s name</source>
        <translation>die Absenderadresse; leer: gpuwarden-agent@ Name des Servers</translation>
    </message>
    <message>
        <source>an http:// or https:// URL: the Matrix server the notices are sent through</source>
        <translation>eine http://- oder https://-URL: der Matrix-Server, über den die Benachrichtigungen gesendet werden</translation>
    </message>
    <message>
        <source>an absolute path: the file holding the Matrix account&apos;s access token</source>
        <translation>ein absoluter Pfad: die Datei mit dem Zugriffstoken des Matrix-Kontos</translation>
    </message>
    <message>
        <source>write each notice to the owner&apos;s terminals on the server, as write(1) does (never to a terminal closed with mesg n)</source>
        <translation>jede Benachrichtigung auf die Terminals des Eigentümers auf dem Server schreiben, wie write(1) (nie auf ein mit mesg n geschlossenes Terminal)</translation>
    </message>
    <message>
        <source>an absolute path: the utmp file that says who is logged in where</source>
        <translation>ein absoluter Pfad: die utmp-Datei, die angibt, wer wo angemeldet ist</translation>
    </message>
    <message>
        <source>the notices&apos; language when neither the person nor the process says (&quot;en&quot;, &quot;de&quot;, &quot;zh&quot;)</source>
        <translation>die Sprache der Benachrichtigungen, wenn weder die Person noch der Prozess eine angibt (&quot;en&quot;, &quot;de&quot;, &quot;zh&quot;)</translation>
    </message>
    <message>
        <source>an absolute path: a folder of &lt;kind&gt;.txt and &lt;kind&gt;.&lt;language&gt;.txt that word the notices instead of the built-in text</source>
        <translation>ein absoluter Pfad: ein Ordner mit &lt;kind&gt;.txt und &lt;kind&gt;.&lt;language&gt;.txt, die die Benachrichtigungen statt des eingebauten Texts formulieren</translation>
    </message>
    <message>
        <source>[contacts.NAME]: email, matrix (a room id), slack, mattermost, ntfy (URLs), language, terminals, opt_out</source>
        <translation>[contacts.NAME]: email, matrix (eine Raum-ID), slack, mattermost, ntfy (URLs), language, terminals, opt_out</translation>
    </message>
    <message>
        <source>weight of the free-memory fraction in a GPU&apos;s score</source>
        <translation>Gewicht des Anteils an freiem GPU-Speicher in der Bewertung einer GPU</translation>
    </message>
    <message>
        <source>weight of the idle fraction (1 − utilisation); not both 0</source>
        <translation>Gewicht des ungenutzten Anteils (1 − Auslastung); nicht beide 0</translation>
    </message>
    <message>
        <source>how long a reservation holds when the caller names none</source>
        <translation>wie lange eine Reservierung gilt, wenn der Aufrufer keine Dauer angibt</translation>
    </message>
    <message>
        <source>the longest a caller may wait for GPUs</source>
        <translation>die längste Zeit, die ein Aufrufer auf GPUs warten darf</translation>
    </message>
    <message>
        <source>granted when a user is first seen or listed</source>
        <translation>gewährt, wenn ein Benutzer zum ersten Mal erfasst oder aufgeführt wird</translation>
    </message>
    <message>
        <source>added on the 1st of each month at 00:00 in time_zone</source>
        <translation>am 1. jedes Monats um 00:00 in time_zone gutgeschrieben</translation>
    </message>
    <message>
        <source>at or below this balance a user&apos;s processes are candidates at any demand</source>
        <translation>bei diesem Guthaben oder darunter sind die Prozesse eines Benutzers bei jedem Bedarf Kandidaten</translation>
    </message>
    <message>
        <source>added each day at 00:00 in time_zone …</source>
        <translation>jeden Tag um 00:00 in time_zone gutgeschrieben …</translation>
    </message>
    <message>
        <source>… while the balance is below zero, or always</source>
        <translation>… solange das Guthaben unter null liegt, oder immer</translation>
    </message>
    <message>
        <source>while negative</source>
        <translation>solange negativ</translation>
    </message>
    <message>
        <source>always</source>
        <translation>immer</translation>
    </message>
    <message>
        <source>every second memory is held, weighted by utilisation, or the energy used</source>
        <translation>jede Sekunde, in der GPU-Speicher belegt ist, nach Auslastung gewichtet, oder die verbrauchte Energie</translation>
    </message>
    <message>
        <source>memory held</source>
        <translation>belegter GPU-Speicher</translation>
    </message>
    <message>
        <source>weighted by use</source>
        <translation>nach Nutzung gewichtet</translation>
    </message>
    <message>
        <source>energy used</source>
        <translation>verbrauchte Energie</translation>
    </message>
    <message>
        <source>under charge = &quot;energy&quot;: tokens per kWh, in place of the GPU-hour prices</source>
        <translation>bei charge = &quot;energy&quot;: Token pro kWh anstelle der Preise pro GPU-Stunde</translation>
    </message>
    <message>
        <source>the price of a GPU that no pattern matches</source>
        <translation>der Preis einer GPU, auf die kein Muster passt</translation>
    </message>
    <message>
        <source>IANA name for month and day boundaries; absent: this machine&apos;s</source>
        <translation>IANA-Name für Monats- und Tagesgrenzen; fehlt er: der dieses Rechners</translation>
    </message>
    <message>
        <source>users granted initial from the start of the books</source>
        <translation>Benutzer, denen initial ab Beginn des Token-Buchs gewährt wird</translation>
    </message>
    <message>
        <source>&quot;PATTERN&quot; = PRICE for a GPU whose name contains PATTERN</source>
        <translation>&quot;PATTERN&quot; = PRICE für eine GPU, deren Name PATTERN enthält</translation>
    </message>
    <message>
        <source>enforcement by balance</source>
        <translation>Durchsetzung nach Guthaben</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>propose</source>
        <translation>vorschlagen</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>high demand: every reading&apos;s mean GPU utilisation at least this …</source>
        <translation>hoher Bedarf: mittlere GPU-Auslastung jeder Messung mindestens dieser Wert …</translation>
    </message>
    <message>
        <source>… for this long without a gap</source>
        <translation>… so lange ohne Unterbrechung</translation>
    </message>
    <message>
        <source>a refused allocation is high demand for demand_for</source>
        <translation>eine abgelehnte Zuteilung gilt für demand_for als hoher Bedarf</translation>
    </message>
    <message>
        <source>notify → renice → terminate, each this long after the last</source>
        <translation>benachrichtigen → Priorität senken → beenden, jeweils so lange nach dem vorigen Schritt</translation>
    </message>
    <message>
        <source>SIGTERM → SIGKILL if it still runs</source>
        <translation>SIGTERM → SIGKILL, falls er noch läuft</translation>
    </message>
    <message>
        <source>users never touched</source>
        <translation>Benutzer, die nie angetastet werden</translation>
    </message>
    <message>
        <source>process names never touched</source>
        <translation>Prozessnamen, die nie angetastet werden</translation>
    </message>
    <message>
        <source>every action recorded as &quot;would&quot;, nothing done</source>
        <translation>jede Aktion wird als &quot;would&quot; erfasst, nichts wird getan</translation>
    </message>
    <message>
        <source>what a kWh costs, for the report&apos;s cost; absent: no cost</source>
        <translation>was eine kWh kostet, für die Kosten im Bericht; fehlt er: keine Kosten</translation>
    </message>
    <message>
        <source>the price&apos;s currency as the report writes it (&quot;EUR&quot;, &quot;€&quot;)</source>
        <translation>die Währung des Preises, wie der Bericht sie schreibt (&quot;EUR&quot;, &quot;€&quot;)</translation>
    </message>
    <message>
        <source>the grid&apos;s CO2 per kWh, for the report&apos;s emissions; absent: none</source>
        <translation>das CO2 des Stromnetzes pro kWh, für die Emissionen im Bericht; fehlt er: keine</translation>
    </message>
    <message>
        <source>Owners: who a process belongs to</source>
        <translation>Eigentümer: wem ein Prozess gehört</translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s label naming its person; &quot;&quot;: none</source>
        <translation>das Label eines Containers oder Pods, das seine Person nennt; &quot;&quot;: keines</translation>
    </message>
    <message>
        <source>Person label:</source>
        <translation>Personen-Label:</translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s label naming its account; &quot;&quot;: none</source>
        <translation>das Label eines Containers oder Pods, das sein Konto nennt; &quot;&quot;: keines</translation>
    </message>
    <message>
        <source>Account label:</source>
        <translation>Konto-Label:</translation>
    </message>
    <message>
        <source>a Slurm job&apos;s user and account, as Slurm gives them</source>
        <translation>Benutzer und Konto eines Slurm-Jobs, wie Slurm sie angibt</translation>
    </message>
    <message>
        <source>A Slurm job is owned by its user and account</source>
        <translation>Ein Slurm-Job gehört seinem Benutzer und Konto</translation>
    </message>
    <message>
        <source>NAMESPACE = { user = &quot;…&quot;, account = &quot;…&quot; }: a Kubernetes namespace&apos;s person and account</source>
        <translation>NAMESPACE = { user = &quot;…&quot;, account = &quot;…&quot; }: Person und Konto eines Kubernetes-Namespace</translation>
    </message>
    <message>
        <source>&quot;PATTERN&quot; = { user = &quot;…&quot;, account = &quot;…&quot; }: a container name matching PATTERN (* and ?); the longest pattern decides</source>
        <translation>&quot;PATTERN&quot; = { user = &quot;…&quot;, account = &quot;…&quot; }: ein Containername, der auf PATTERN passt (* und ?); das längste Muster entscheidet</translation>
    </message>
    <message>
        <source>Kubernetes namespaces whose processes no rule flags</source>
        <translation>Kubernetes-Namespaces, deren Prozesse keine Regel markiert</translation>
    </message>
    <message>
        <source>Exempt namespaces:</source>
        <translation>Ausgenommene Namespaces:</translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s labels, &quot;key=value&quot; or &quot;key&quot; (any value), that no rule flags</source>
        <translation>Labels eines Containers oder Pods, &quot;key=value&quot; oder &quot;key&quot; (beliebiger Wert), deren Prozesse keine Regel markiert</translation>
    </message>
    <message>
        <source>Exempt labels:</source>
        <translation>Ausgenommene Labels:</translation>
    </message>
    <message>
        <source>accounts whose processes no rule flags</source>
        <translation>Konten, deren Prozesse keine Regel markiert</translation>
    </message>
    <message>
        <source>Exempt accounts:</source>
        <translation>Ausgenommene Konten:</translation>
    </message>
    <message>
        <source>Slurm job ids whose processes no rule flags</source>
        <translation>Slurm-Job-IDs, deren Prozesse keine Regel markiert</translation>
    </message>
    <message>
        <source>Exempt Slurm jobs:</source>
        <translation>Ausgenommene Slurm-Jobs:</translation>
    </message>
</context>
<context>
    <name>gw::PriceEditorDialog</name>
    <message>
        <source>Adopt these prices</source>
        <translation>Diese Preise übernehmen</translation>
    </message>
    <message>
        <source>Token prices</source>
        <translation>Token-Preise</translation>
    </message>
    <message>
        <source>Tokens per GPU-hour by GPU model: the longest pattern found in a GPU&apos;s name decides (case ignored); a GPU no pattern matches costs the default price. Every change is replayed over the same usage (%1 to %2) before it is adopted.</source>
        <translation>Token pro GPU-Stunde nach GPU-Modell: das längste im Namen einer GPU gefundene Muster entscheidet (Groß-/Kleinschreibung egal); eine GPU, auf die kein Muster passt, kostet den Standardpreis. Jede Änderung wird vor der Übernahme über dieselbe Nutzung (%1 bis %2) nachgespielt.</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Tokens per GPU-hour</source>
        <translation>Token pro GPU-Stunde</translation>
    </message>
    <message>
        <source>GPU models seen it prices</source>
        <translation>Erfasste GPU-Modelle zu diesem Preis</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Default price (any other GPU):</source>
        <translation>Standardpreis (jede andere GPU):</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>Preise</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Balance now</source>
        <translation>Guthaben jetzt</translation>
    </message>
    <message>
        <source>With these prices</source>
        <translation>Mit diesen Preisen</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Differenz</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Nachgespielt</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>For policy.toml, in [tokens]</source>
        <translation>Für policy.toml, in [tokens]</translation>
    </message>
    <message>
        <source>Hands the edited prices to the policy; nothing changes before</source>
        <translation>Übergibt die bearbeiteten Preise an die Richtlinie; vorher ändert sich nichts</translation>
    </message>
    <message>
        <source>Not replayed: the prices have an error.</source>
        <translation>Nicht nachgespielt: die Preise enthalten einen Fehler.</translation>
    </message>
    <message>
        <source>none seen</source>
        <translation>keine erfasst</translation>
    </message>
    <message>
        <source>Every GPU model seen has a pattern.</source>
        <translation>Jedes erfasste GPU-Modell hat ein Muster.</translation>
    </message>
    <message>
        <source>At the default price: %1.</source>
        <translation>Zum Standardpreis: %1.</translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation>Wird nachgespielt…</translation>
    </message>
    <message>
        <source>%1 usage facts replayed under both prices in %2 ms.</source>
        <translation>%1 Nutzungsdaten in %2 ms unter beiden Preisen nachgespielt.</translation>
    </message>
    <message numerus="yes">
        <source>All users: %1 now, %2 with these prices (%3); %4 of %n users change.</source>
        <translation>
            <numerusform>Alle Benutzer: %1 jetzt, %2 mit diesen Preisen (%3); Änderung bei %4 von %n Benutzer.</numerusform>
            <numerusform>Alle Benutzer: %1 jetzt, %2 mit diesen Preisen (%3); Änderung bei %4 von %n Benutzern.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is empty: write tokens per GPU-hour, 0 or more</source>
        <translation>%1 ist leer: Token pro GPU-Stunde angeben, 0 oder mehr</translation>
    </message>
    <message>
        <source>%1 must be a number, not &quot;%2&quot;</source>
        <translation>%1 muss eine Zahl sein, nicht &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 must be a finite number, not %2</source>
        <translation>%1 muss eine endliche Zahl sein, nicht %2</translation>
    </message>
    <message>
        <source>%1 must be 0 or more tokens per GPU-hour, not %2</source>
        <translation>%1 muss 0 oder mehr Token pro GPU-Stunde sein, nicht %2</translation>
    </message>
    <message>
        <source>&quot;default_price&quot;</source>
        <translation>&quot;default_price&quot;</translation>
    </message>
    <message>
        <source>row %1: the pattern is empty: write a part of the GPU&apos;s name, such as &quot;RTX 3090&quot;</source>
        <translation>Zeile %1: das Muster ist leer: einen Teil des GPU-Namens angeben, etwa &quot;RTX 3090&quot;</translation>
    </message>
    <message>
        <source>row %1: price &quot;%2&quot; repeats &quot;%3&quot; (row %4); patterns are matched ignoring case</source>
        <translation>Zeile %1: Preis &quot;%2&quot; wiederholt &quot;%3&quot; (Zeile %4); Muster werden ohne Beachtung der Groß-/Kleinschreibung verglichen</translation>
    </message>
    <message>
        <source>row %1: the price of &quot;%2&quot;</source>
        <translation>Zeile %1: der Preis von &quot;%2&quot;</translation>
    </message>
    <message>
        <source>Prices per GPU model</source>
        <translation>Preise pro GPU-Modell</translation>
    </message>
    <message>
        <source>Balances under these prices</source>
        <translation>Guthaben mit diesen Preisen</translation>
    </message>
</context>
<context>
    <name>gw::ProcessModel</name>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>SM %</source>
        <translation>SM %</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>The driver reports pid %1 on this GPU, but /proc does not show it: it runs in another PID namespace (a container) or has just exited.</source>
        <translation>Der Treiber meldet PID %1 auf dieser GPU, aber /proc zeigt den Prozess nicht: er läuft in einem anderen PID-Namensraum (einem Container) oder hat sich gerade beendet.</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Arbeitslast</translation>
    </message>
</context>
<context>
    <name>gw::ProcessPane</name>
    <message>
        <source>%1: these processes may have ended since.</source>
        <translation>%1: diese Prozesse können inzwischen beendet sein.</translation>
    </message>
    <message>
        <source>Filter: text, or user:, account:, namespace:, job: (e.g. account:vision)</source>
        <translation>Filter: Text oder user:, account:, namespace:, job: (z. B. account:vision)</translation>
    </message>
    <message>
        <source>Words match any column; user:NAME (the owner or the host user), account:NAME, namespace:NAME and job:ID match that field exactly.</source>
        <translation>Wörter passen auf jede Spalte; user:NAME (der Eigentümer oder der Host-Benutzer), account:NAME, namespace:NAME und job:ID passen genau auf dieses Feld.</translation>
    </message>
    <message>
        <source>Filter processes</source>
        <translation>Prozesse filtern</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
</context>
<context>
    <name>gw::PromUsage</name>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>Zeichenkette erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a slice count from 0 to 64, got &quot;%1&quot;</source>
        <translation>Anzahl Slices von 0 bis 64 erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected [time, &quot;value&quot;], got %1</source>
        <translation>[time, &quot;value&quot;] erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected a finite number &gt;= 0, got &quot;%1&quot;</source>
        <translation>endliche Zahl &gt;= 0 erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>not JSON: %1 at byte %2</source>
        <translation>kein JSON: %1 bei Byte %2</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>JSON-Objekt erwartet</translation>
    </message>
    <message>
        <source>status: expected &quot;success&quot;</source>
        <translation>status: &quot;success&quot; erwartet</translation>
    </message>
    <message>
        <source>Prometheus answered: %1</source>
        <translation>Prometheus antwortete: %1</translation>
    </message>
    <message>
        <source>data.resultType: expected &quot;vector&quot;</source>
        <translation>data.resultType: &quot;vector&quot; erwartet</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>Array erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>Objekt erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>unexpected &quot;%1&quot;</source>
        <translation>unerwartetes &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected &quot;held&quot; or &quot;used&quot;, got &quot;%1&quot;</source>
        <translation>&quot;held&quot; oder &quot;used&quot; erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the Prometheus cursor is not {&quot;absorbed&quot;: {…}}</source>
        <translation>der Prometheus-Cursor ist nicht {&quot;absorbed&quot;: {…}}</translation>
    </message>
    <message>
        <source>expected a number &gt;= 0, got %1</source>
        <translation>Zahl &gt;= 0 erwartet, erhalten: %1</translation>
    </message>
    <message>
        <source>%1: the usage counter of %2 on %3 went down from %4 to %5 (its books were reset); taking %5</source>
        <translation>%1: der Nutzungszähler von %2 auf %3 ist von %4 auf %5 gesunken (sein Token-Buch wurde zurückgesetzt); %5 wird übernommen</translation>
    </message>
</context>
<context>
    <name>gw::PrometheusApi</name>
    <message>
        <source>the reply is larger than %1 MiB; refused (ask for a shorter range or one host)</source>
        <translation>die Antwort ist größer als %1 MiB; abgewiesen (einen kürzeren Zeitraum oder einen einzelnen Host anfordern)</translation>
    </message>
    <message>
        <source>no complete reply within %1 s</source>
        <translation>keine vollständige Antwort innerhalb von %1 s</translation>
    </message>
    <message>
        <source>HTTP %1, %2: %3</source>
        <translation>HTTP %1, %2: %3</translation>
    </message>
    <message>
        <source>HTTP %1 %2</source>
        <translation>HTTP %1 %2</translation>
    </message>
    <message>
        <source>the reply broke off (%1)</source>
        <translation>die Antwort brach ab (%1)</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>fehlerhaftes JSON an Offset %1: %2</translation>
    </message>
    <message>
        <source>unexpected reply: not a JSON object</source>
        <translation>unerwartete Antwort: kein JSON-Objekt</translation>
    </message>
    <message>
        <source>unexpected reply: status is not &quot;success&quot;</source>
        <translation>unerwartete Antwort: status ist nicht &quot;success&quot;</translation>
    </message>
    <message>
        <source>unexpected reply: no data</source>
        <translation>unerwartete Antwort: keine Daten</translation>
    </message>
</context>
<context>
    <name>gw::PrometheusProducer</name>
    <message>
        <source>unexpected reply: %1</source>
        <translation>unerwartete Antwort: %1</translation>
    </message>
    <message>
        <source>Prometheus at %1 not reachable: %2</source>
        <translation>Prometheus unter %1 nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>Prometheus at %1 cannot be queried: %2</source>
        <translation>Prometheus unter %1 kann nicht abgefragt werden: %2</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>Prometheus %1</source>
        <translation>Prometheus %1</translation>
    </message>
    <message>
        <source>%1 at %2: %3, %4</source>
        <translation>%1 unter %2: %3, %4</translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series)</source>
        <translation> (keine DCGM_FI_DEV_*- oder gpuwarden_*-Reihen)</translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series for host %1)</source>
        <translation> (keine DCGM_FI_DEV_*- oder gpuwarden_*-Reihen für Host %1)</translation>
    </message>
    <message>
        <source>Prometheus: %1</source>
        <translation>Prometheus: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n servers</source>
        <translation>
            <numerusform>%n Server</numerusform>
            <numerusform>%n Server</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::ReadingStream</name>
    <message>
        <source>%1: %2 % of the time from %3 to %4 is gaps (no reading for more than 3 sampling intervals): what it shows covers little of that time</source>
        <translation>%1: %2 % der Zeit von %3 bis %4 sind Lücken (länger als 3 Abtastintervalle keine Messung): was angezeigt wird, deckt nur wenig dieser Zeit ab</translation>
    </message>
    <message numerus="yes">
        <source>%1: its readings carry no sampling interval (interval_ms); inferred %2 from the spacing of its first %n readings</source>
        <translation>
            <numerusform>%1: seine Messungen tragen kein Abtastintervall (interval_ms); %2 aus dem Abstand seiner ersten %n Messung abgeleitet</numerusform>
            <numerusform>%1: seine Messungen tragen kein Abtastintervall (interval_ms); %2 aus dem Abstand seiner ersten %n Messungen abgeleitet</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: one reading and no sampling interval (interval_ms): no interval to infer, it is taken as 1s</source>
        <translation>%1: eine Messung und kein Abtastintervall (interval_ms): kein Intervall ableitbar, es wird als 1s angenommen</translation>
    </message>
    <message>
        <source>--demo: give the range (--from, and --to, default now)</source>
        <translation>--demo: den Zeitraum angeben (--from, und --to, Standard: jetzt)</translation>
    </message>
    <message>
        <source>no readings to open</source>
        <translation>keine Messungen zum Öffnen</translation>
    </message>
</context>
<context>
    <name>gw::ReadingsRoute</name>
    <message>
        <source>&quot;from&quot; is required (ms since the epoch)</source>
        <translation>&quot;from&quot; ist erforderlich (ms seit der Epoche)</translation>
    </message>
    <message>
        <source>&quot;to&quot; is required (ms since the epoch)</source>
        <translation>&quot;to&quot; ist erforderlich (ms seit der Epoche)</translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation>&quot;to&quot; muss nach &quot;from&quot; liegen</translation>
    </message>
    <message numerus="yes">
        <source>&quot;to&quot;: the range is longer than %n day(s)</source>
        <translation>
            <numerusform>&quot;to&quot;: der Zeitraum ist länger als %n Tag</numerusform>
            <numerusform>&quot;to&quot;: der Zeitraum ist länger als %n Tage</numerusform>
        </translation>
    </message>
    <message>
        <source>this agent keeps no history (agent.toml has no &quot;history&quot;)</source>
        <translation>dieser Agent führt keinen Verlauf (agent.toml hat kein &quot;history&quot;)</translation>
    </message>
</context>
<context>
    <name>gw::Recorder</name>
    <message>
        <source>record: --duration is required (such as 30s, 10m or 2h)</source>
        <translation>record: --duration ist erforderlich (etwa 30s, 10m oder 2h)</translation>
    </message>
    <message>
        <source>--duration: %1</source>
        <translation>--duration: %1</translation>
    </message>
    <message>
        <source>--duration: must be more than zero, got &quot;%1&quot;</source>
        <translation>--duration: muss größer als null sein, erhalten: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>record: --output FILE is required</source>
        <translation>record: --output DATEI ist erforderlich</translation>
    </message>
    <message>
        <source>--interval-ms: expected 10..3600000, got &quot;%1&quot;</source>
        <translation>--interval-ms: 10..3600000 erwartet, erhalten: &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>gw::ReplayRunner</name>
    <message>
        <source>No readings of this computer are recorded yet (%1 does not exist).</source>
        <translation>Von diesem Computer sind noch keine Messungen aufgezeichnet (%1 existiert nicht).</translation>
    </message>
    <message>
        <source>journal entry %1 skipped: %2</source>
        <translation>Journaleintrag %1 übersprungen: %2</translation>
    </message>
    <message>
        <source>The demo has made no readings in this range yet.</source>
        <translation>Die Demo hat in diesem Zeitraum noch keine Messungen gemacht.</translation>
    </message>
</context>
<context>
    <name>gw::ReportBuilder</name>
    <message>
        <source>time zone %1 is unknown: the hours of the day are shown in UTC</source>
        <translation>Zeitzone %1 ist unbekannt: die Tagesstunden werden in UTC angezeigt</translation>
    </message>
    <message>
        <source>%1: reading at %2 ms not after the last one (%3 ms): skipped</source>
        <translation>%1: Messung bei %2 ms nicht nach der letzten (%3 ms): übersprungen</translation>
    </message>
    <message>
        <source>MIG %1 on GPU %2</source>
        <translation>MIG %1 auf GPU %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation>%1 (PID %2, %3)</translation>
    </message>
    <message>
        <source>process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>no user</source>
        <translation>kein Benutzer</translation>
    </message>
    <message>
        <source>%1&apos;s processes</source>
        <translation>Prozesse von %1</translation>
    </message>
    <message>
        <source>%1: %2 h at ≥ %3 % on %4</source>
        <translation>%1: %2 h bei ≥ %3 % auf %4</translation>
    </message>
    <message>
        <source>(expected quota: %1 %)</source>
        <translation>(erwartetes Kontingent: %1 %)</translation>
    </message>
    <message>
        <source>Find who runs PID %1 on %2.</source>
        <translation>Ermitteln, wer PID %1 auf %2 ausführt.</translation>
    </message>
    <message>
        <source>Contact %1; if this is expected, raise their quota in [quota].</source>
        <translation>%1 kontaktieren; falls dies erwartet ist, das Kontingent in [quota] erhöhen.</translation>
    </message>
    <message>
        <source>%1: %2 h holding idle GPUs (&lt; %3 %) on %4; GPUs held: %5</source>
        <translation>%1: %2 h mit ungenutzt belegten GPUs (&lt; %3 %) auf %4; belegte GPUs: %5</translation>
    </message>
    <message>
        <source>Contact %1; it recurs (%2 idle events): set [idle] action = &quot;terminate&quot;%3 to free such GPUs.</source>
        <translation>%1 kontaktieren; es wiederholt sich (%2 Ungenutzt-Ereignisse): [idle] action = &quot;terminate&quot;%3 setzen, um solche GPUs freizugeben.</translation>
    </message>
    <message>
        <source> and dry_run = false</source>
        <translation> und dry_run = false</translation>
    </message>
    <message>
        <source>Contact %1; ask them to free the GPUs they do not use.</source>
        <translation>%1 kontaktieren; darum bitten, die nicht genutzten GPUs freizugeben.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>If %1&apos;s use is expected, raise their share in [quota] users; else contact them.</source>
        <translation>Falls die Nutzung von %1 erwartet ist, den Anteil in [quota] users erhöhen; sonst Kontakt aufnehmen.</translation>
    </message>
    <message>
        <source>%1: balance %2 tokens at the end of the range, after %3 GPU-hours</source>
        <translation>%1: Guthaben %2 Token am Ende des Zeitraums, nach %3 GPU-Stunden</translation>
    </message>
    <message>
        <source>Contact %1; grant them tokens if the use was expected.</source>
        <translation>%1 kontaktieren; Token gewähren, falls die Nutzung erwartet war.</translation>
    </message>
    <message>
        <source>%1: not heard from for %2 h of %3 h (%4 %)</source>
        <translation>%1: %2 h von %3 h ohne Rückmeldung (%4 %)</translation>
    </message>
    <message>
        <source>Check gpuwarden-agent on %1: is it running, and can it be reached?</source>
        <translation>gpuwarden-agent auf %1 prüfen: läuft er, und ist er erreichbar?</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 around the clock</source>
        <translation>Jobs von %1 belegen %2 rund um die Uhr</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every night %3</source>
        <translation>Jobs von %1 belegen %2 jede Nacht %3</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every evening %3</source>
        <translation>Jobs von %1 belegen %2 jeden Abend %3</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every day %3</source>
        <translation>Jobs von %1 belegen %2 jeden Tag %3</translation>
    </message>
    <message>
        <source>%1 held %2 around the clock (%3 h)</source>
        <translation>%1 belegte %2 rund um die Uhr (%3 h)</translation>
    </message>
    <message>
        <source>%1 held %2 %3</source>
        <translation>%1 belegte %2 %3</translation>
    </message>
    <message>
        <source>the process&apos;s user</source>
        <translation>der Benutzer des Prozesses</translation>
    </message>
    <message>
        <source>%1 % of %2</source>
        <translation>%1 % von %2</translation>
    </message>
    <message>
        <source> (%1 %2 %)</source>
        <translation> (%1 %2 %)</translation>
    </message>
    <message>
        <source>%1 more servers</source>
        <translation>%1 weitere Server</translation>
    </message>
    <message>
        <source>%1: %2; %3 % of the fleet&apos;s GPU-hours</source>
        <translation>%1: %2; %3 % der GPU-Stunden des Serverbestands</translation>
    </message>
    <message>
        <source>quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>; over quota on a server for %1 h</source>
        <translation>; auf einem Server %1 h über dem Kontingent</translation>
    </message>
    <message>
        <source>account %1: %2; %3 % of the fleet&apos;s GPU-hours</source>
        <translation>Konto %1: %2; %3 % der GPU-Stunden des Serverbestands</translation>
    </message>
    <message>
        <source>share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>If account %1&apos;s use is expected, raise its share in [accounts.%1]; else contact its members (%2).</source>
        <translation>Falls die Nutzung von Konto %1 erwartet ist, den Anteil in [accounts.%1] erhöhen; sonst seine Mitglieder kontaktieren (%2).</translation>
    </message>
</context>
<context>
    <name>gw::ReportChartProvider</name>
    <message>
        <source>The report has no utilisation for %1 on %2.</source>
        <translation>Der Bericht enthält keine Auslastung für %1 auf %2.</translation>
    </message>
</context>
<context>
    <name>gw::ReportDialog</name>
    <message>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>The servers the report covers</source>
        <translation>Die Server, die der Bericht abdeckt</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>Benutzerdefinierter Zeitraum</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>&amp;Zeitraum:</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Von:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
    <message>
        <source>Time zone:</source>
        <translation>Zeitzone:</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Letter</translation>
    </message>
    <message>
        <source>&amp;Paper:</source>
        <translation>&amp;Papier:</translation>
    </message>
    <message>
        <source>&amp;Build report</source>
        <translation>Bericht &amp;erstellen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Choose the servers and the range, then build the report.</source>
        <translation>Server und Zeitraum wählen, dann den Bericht erstellen.</translation>
    </message>
    <message>
        <source>Save &amp;CSV…</source>
        <translation>&amp;CSV speichern…</translation>
    </message>
    <message>
        <source>Save P&amp;DF…</source>
        <translation>PD&amp;F speichern…</translation>
    </message>
    <message>
        <source>&amp;Print preview…</source>
        <translation>&amp;Druckvorschau…</translation>
    </message>
    <message>
        <source>%1 (UTC%2%3:%4 now); the times above are in this zone</source>
        <translation>%1 (jetzt UTC%2%3:%4); die Zeiten oben sind in dieser Zone</translation>
    </message>
    <message>
        <source>Choose at least one server.</source>
        <translation>Mindestens einen Server wählen.</translation>
    </message>
    <message>
        <source>The range is empty: &quot;To&quot; must be after &quot;From&quot;.</source>
        <translation>Der Zeitraum ist leer: &quot;Bis&quot; muss nach &quot;Von&quot; liegen.</translation>
    </message>
    <message>
        <source>No history to build a report from: this window keeps none (see the --history option).</source>
        <translation>Kein Verlauf, aus dem ein Bericht erstellt werden kann: dieses Fenster hält keinen vor (siehe Option --history).</translation>
    </message>
    <message>
        <source>The report could not be built: %1</source>
        <translation>Der Bericht konnte nicht erstellt werden: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Reading the record…</source>
        <translation>Aufzeichnung wird gelesen…</translation>
    </message>
    <message>
        <source>%1 – %2 (%3), %4 h</source>
        <translation>%1 – %2 (%3), %4 h</translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) heard from for %1 % of the range; %2 GPU-hours watched; %3 user(s).</source>
        <translation>
            <numerusform>%n Server meldete sich für %1 % des Zeitraums; %2 GPU-Stunden beobachtet; %3 Benutzer.</numerusform>
            <numerusform>%n Server meldeten sich für %1 % des Zeitraums; %2 GPU-Stunden beobachtet; %3 Benutzer.</numerusform>
        </translation>
    </message>
    <message>
        <source>no</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>No readings of the chosen servers in this range: nothing to report, and nothing counted as zero use.</source>
        <translation>Keine Messungen der gewählten Server in diesem Zeitraum: nichts zu berichten, und nichts als Nullnutzung gezählt.</translation>
    </message>
    <message numerus="yes">
        <source>%1: not heard from for %2 (%n gap(s)).</source>
        <translation>
            <numerusform>%1: %2 ohne Rückmeldung (%n Lücke).</numerusform>
            <numerusform>%1: %2 ohne Rückmeldung (%n Lücken).</numerusform>
        </translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-Stunden</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Kontingent</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Guthaben</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more user(s).</source>
        <translation>
            <numerusform>… und %n weiterer Benutzer.</numerusform>
            <numerusform>… und %n weitere Benutzer.</numerusform>
        </translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Time patterns</source>
        <translation>Zeitmuster</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s); they are listed in the CSV and the PDF.</source>
        <translation>
            <numerusform>%n Warnung; sie ist in der CSV und im PDF aufgeführt.</numerusform>
            <numerusform>%n Warnungen; sie sind in der CSV und im PDF aufgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Build the report first.</source>
        <translation>Zuerst den Bericht erstellen.</translation>
    </message>
    <message>
        <source>Print preview: report</source>
        <translation>Druckvorschau: Bericht</translation>
    </message>
    <message>
        <source>Save report as CSV</source>
        <translation>Bericht als CSV speichern</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Save report as PDF</source>
        <translation>Bericht als PDF speichern</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message numerus="yes">
        <source>Reading the record… %L1 readings</source>
        <translation>
            <numerusform>Aufzeichnung wird gelesen… %L1 Messung</numerusform>
            <numerusform>Aufzeichnung wird gelesen… %L1 Messungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Built from %L1 readings.</source>
        <translation>
            <numerusform>Aus %L1 Messung erstellt.</numerusform>
            <numerusform>Aus %L1 Messungen erstellt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
</context>
<context>
    <name>gw::ReportDocument</name>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1: %2 % covered</source>
        <translation>%1: %2 % abgedeckt</translation>
    </message>
    <message>
        <source>%1, gaps %2</source>
        <translation>%1, Lücken %2</translation>
    </message>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation>GPU %1 MIG %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>GPU use report</source>
        <translation>Bericht zur GPU-Nutzung</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>Zeitzone</translation>
    </message>
    <message>
        <source>Generated at</source>
        <translation>Erstellt am</translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>Schwellenwerte</translation>
    </message>
    <message>
        <source>busy at ≥ %1 % utilisation, held idle below %2 %</source>
        <translation>aktiv bei ≥ %1 % Auslastung, ungenutzt belegt unter %2 %</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>no readings</source>
        <translation>keine Messungen</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Fleet GPU-hours</source>
        <translation>GPU-Stunden des Serverbestands</translation>
    </message>
    <message>
        <source>%1 h (covered hours of whole GPUs)</source>
        <translation>%1 h (abgedeckte Stunden ganzer GPUs)</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 h (%2 % of the fleet&apos;s GPU-hours)</source>
        <translation>%1 h (%2 % der GPU-Stunden des Serverbestands)</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Held idle</source>
        <translation>Ungenutzt belegt</translation>
    </message>
    <message>
        <source>%1: %2 GPU-h (%3 %)</source>
        <translation>%1: %2 GPU-h (%3 %)</translation>
    </message>
    <message>
        <source>%1: %2 GPU-h</source>
        <translation>%1: %2 GPU-h</translation>
    </message>
    <message>
        <source>Top users</source>
        <translation>Top-Benutzer</translation>
    </message>
    <message>
        <source>no GPU use</source>
        <translation>keine GPU-Nutzung</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>The report holds no findings.</source>
        <translation>Der Bericht enthält keine Befunde.</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Time patterns</source>
        <translation>Zeitmuster</translation>
    </message>
    <message>
        <source>The report holds no time patterns.</source>
        <translation>Der Bericht enthält keine Zeitmuster.</translation>
    </message>
    <message>
        <source>• %1</source>
        <translation>• %1</translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <source>%1 — GPU utilisation</source>
        <translation>%1 — GPU-Auslastung</translation>
    </message>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU-Auslastung</translation>
    </message>
    <message>
        <source>The report holds no utilisation series to chart.</source>
        <translation>Der Bericht enthält keine Auslastungsreihen für ein Diagramm.</translation>
    </message>
    <message>
        <source>Share of the fleet (%)</source>
        <translation>Anteil am Serverbestand (%)</translation>
    </message>
    <message>
        <source>Quota (%)</source>
        <translation>Kontingent (%)</translation>
    </message>
    <message>
        <source>Share against quota, top %1 of %2 users by GPU-hours</source>
        <translation>Anteil gegenüber Kontingent, die %1 von %2 Benutzern mit den meisten GPU-Stunden</translation>
    </message>
    <message>
        <source>Share against quota</source>
        <translation>Anteil gegenüber Kontingent</translation>
    </message>
    <message>
        <source>% of the fleet&apos;s GPU-hours</source>
        <translation>% der GPU-Stunden des Serverbestands</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Balance (tokens)</source>
        <translation>Guthaben (Token)</translation>
    </message>
    <message>
        <source>Token balances at the end, lowest %1 of %2 users</source>
        <translation>Token-Guthaben am Ende, die niedrigsten %1 von %2 Benutzern</translation>
    </message>
    <message>
        <source>Token balances at the end of the range</source>
        <translation>Token-Guthaben am Ende des Zeitraums</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Covered (h)</source>
        <translation>Abgedeckt (h)</translation>
    </message>
    <message>
        <source>Covered (%)</source>
        <translation>Abgedeckt (%)</translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation>Lücken</translation>
    </message>
    <message>
        <source>Gaps (%1)</source>
        <translation>Lücken (%1)</translation>
    </message>
    <message>
        <source>GPUs and MIG instances</source>
        <translation>GPUs und MIG-Instanzen</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Util. mean (%)</source>
        <translation>Ausl. Mittel (%)</translation>
    </message>
    <message>
        <source>Util. peak (%)</source>
        <translation>Ausl. Spitze (%)</translation>
    </message>
    <message>
        <source>Mem. mean (GiB)</source>
        <translation>Speicher Mittel (GiB)</translation>
    </message>
    <message>
        <source>Mem. peak (GiB)</source>
        <translation>Speicher Spitze (GiB)</translation>
    </message>
    <message>
        <source>Temp. mean (°C)</source>
        <translation>Temp. Mittel (°C)</translation>
    </message>
    <message>
        <source>Temp. peak (°C)</source>
        <translation>Temp. Spitze (°C)</translation>
    </message>
    <message>
        <source>Power mean (W)</source>
        <translation>Leistungsaufnahme Mittel (W)</translation>
    </message>
    <message>
        <source>Power peak (W)</source>
        <translation>Leistungsaufnahme Spitze (W)</translation>
    </message>
    <message>
        <source>Energy (kWh)</source>
        <translation>Energie (kWh)</translation>
    </message>
    <message>
        <source>Busy (h)</source>
        <translation>Aktiv (h)</translation>
    </message>
    <message>
        <source>Held idle (h)</source>
        <translation>Ungenutzt belegt (h)</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>GPU-hours (h)</source>
        <translation>GPU-Stunden (h)</translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation>Anteil (%)</translation>
    </message>
    <message>
        <source>Over quota (h)</source>
        <translation>Über Kontingent (h)</translation>
    </message>
    <message>
        <source>Hog events</source>
        <translation>Vereinnahmungs-Ereignisse</translation>
    </message>
    <message>
        <source>Idle events</source>
        <translation>Ungenutzt-Ereignisse</translation>
    </message>
    <message>
        <source>Tokens charged</source>
        <translation>Berechnete Token</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>Keine.</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>Cannot start painting the report&apos;s pages.</source>
        <translation>Das Zeichnen der Berichtsseiten kann nicht beginnen.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The report&apos;s PDF could not be made.</source>
        <translation>Das PDF des Berichts konnte nicht erstellt werden.</translation>
    </message>
    <message>
        <source>%1 kWh</source>
        <translation>%1 kWh</translation>
    </message>
    <message>
        <source>%1 % estimated</source>
        <translation>%1 % geschätzt</translation>
    </message>
    <message>
        <source>cost %1 %2</source>
        <translation>Kosten %1 %2</translation>
    </message>
    <message>
        <source>%1 kg CO₂</source>
        <translation>%1 kg CO₂</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>Energie</translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation>Niemand</translation>
    </message>
    <message>
        <source>idle, unowned</source>
        <translation>ungenutzt, ohne Eigentümer</translation>
    </message>
    <message>
        <source>not attributed (gaps, no user)</source>
        <translation>nicht zugeordnet (Lücken, kein Benutzer)</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>no account</source>
        <translation>kein Konto</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>Kosten (%1)</translation>
    </message>
    <message>
        <source>Of</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Estimated (%)</source>
        <translation>Geschätzt (%)</translation>
    </message>
    <message>
        <source>CO₂ (kg)</source>
        <translation>CO₂ (kg)</translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation>GPU-Zustand</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>Schlechtester</translation>
    </message>
    <message>
        <source>Degraded (h)</source>
        <translation>Beeinträchtigt (h)</translation>
    </message>
    <message>
        <source>Failing (h)</source>
        <translation>Ausfallend (h)</translation>
    </message>
    <message>
        <source>XIDs</source>
        <translation>XIDs</translation>
    </message>
    <message>
        <source>XID codes</source>
        <translation>XID-Codes</translation>
    </message>
    <message>
        <source>Reasons (last)</source>
        <translation>Gründe (letzte)</translation>
    </message>
</context>
<context>
    <name>gw::ReservationsView</name>
    <message numerus="yes">
        <source>Reserved for %1 since %2 until %3 (%n GPUs: %4)</source>
        <translation>
            <numerusform>Reserviert für %1 von %2 bis %3 (%n GPU: %4)</numerusform>
            <numerusform>Reserviert für %1 von %2 bis %3 (%n GPUs: %4)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 since %2</source>
        <translation>%1 seit %2</translation>
    </message>
    <message numerus="yes">
        <source>%n jobs waiting for GPUs (%1)</source>
        <translation>
            <numerusform>%n Job wartet auf GPUs (%1)</numerusform>
            <numerusform>%n Jobs warten auf GPUs (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>as of %1 ago: %2</source>
        <translation>Stand vor %1: %2</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>reserviert</translation>
    </message>
</context>
<context>
    <name>gw::RunRecord</name>
    <message>
        <source>%1 / %2 / %3</source>
        <translation>%1 / %2 / %3</translation>
    </message>
    <message>
        <source>run of %1 on %2: %3 s, exit code %4%5
</source>
        <translation>Lauf von %1 auf %2: %3 s, Exit-Code %4%5
</translation>
    </message>
    <message>
        <source> (signal %1)</source>
        <translation> (Signal %1)</translation>
    </message>
    <message>
        <source>GPU %1 %2, %3 readings (min / mean / max): utilisation %4, memory %5, memory %6, temperature %7, power %8
</source>
        <translation>GPU %1 %2, %3 Messungen (min / Mittel / max): Auslastung %4, GPU-Speicher %5, GPU-Speicher %6, Temperatur %7, Leistungsaufnahme %8
</translation>
    </message>
</context>
<context>
    <name>gw::SamplerRegistry</name>
    <message>
        <source>Using %1.</source>
        <translation>%1 wird verwendet.</translation>
    </message>
    <message>
        <source>Skipped %1.</source>
        <translation>%1 übersprungen.</translation>
    </message>
    <message>
        <source>no such backend (known: %1)</source>
        <translation>kein solches Backend (bekannt: %1)</translation>
    </message>
    <message>
        <source>Host only, as asked: GPU backends not tried.</source>
        <translation>Nur Host, wie angefordert: GPU-Backends nicht versucht.</translation>
    </message>
    <message>
        <source>No GPU found; showing the host only. %1.</source>
        <translation>Keine GPU gefunden; nur der Host wird angezeigt. %1.</translation>
    </message>
</context>
<context>
    <name>gw::SecretStore</name>
    <message>
        <source>no details given</source>
        <translation>keine Details angegeben</translation>
    </message>
    <message>
        <source>The keychain did not answer within %1 s (a stuck Secret Service, or a keyring waiting to be unlocked)</source>
        <translation>Der Schlüsselbund hat nicht innerhalb von %1 s geantwortet (ein hängender Secret Service oder ein Schlüsselbund, der auf Entsperrung wartet)</translation>
    </message>
    <message>
        <source>No Secret Service on the session bus (is gnome-keyring or KWallet running?)</source>
        <translation>Kein Secret Service auf dem Sitzungsbus (läuft gnome-keyring oder KWallet?)</translation>
    </message>
    <message>
        <source>The keychain refused access (is the keyring locked? Unlock it, for example with gnome-keyring-daemon --unlock)</source>
        <translation>Der Schlüsselbund hat den Zugriff verweigert (ist der Schlüsselbund gesperrt? Entsperren, zum Beispiel mit gnome-keyring-daemon --unlock)</translation>
    </message>
    <message>
        <source>libsecret is not installed (Debian: libsecret-1-0), so the Secret Service cannot be reached</source>
        <translation>libsecret ist nicht installiert (Debian: libsecret-1-0), daher ist der Secret Service nicht erreichbar</translation>
    </message>
    <message>
        <source>The keychain failed</source>
        <translation>Fehler im Schlüsselbund</translation>
    </message>
</context>
<context>
    <name>gw::ServerChoiceModel</name>
    <message>
        <source>no reading yet</source>
        <translation>noch keine Messung</translation>
    </message>
    <message>
        <source>best: CUDA_VISIBLE_DEVICES=%1</source>
        <translation>am besten: CUDA_VISIBLE_DEVICES=%1</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>not enough: %1 of %2 asked qualify</source>
        <translation>nicht genug: %1 von %2 angeforderten geeignet</translation>
    </message>
    <message>
        <source>%1 of %2 idle</source>
        <translation>%1 von %2 ungenutzt</translation>
    </message>
    <message>
        <source>Idle: under 30 % utilisation and under 50 % of memory used. A server with enough idle GPUs ranks first, then by its idle count.</source>
        <translation>Ungenutzt: unter 30 % Auslastung und unter 50 % des Speichers belegt. Ein Server mit genug ungenutzten GPUs steht zuerst, dann nach Anzahl ungenutzter GPUs.</translation>
    </message>
    <message>
        <source>Units that meet the request (free memory, utilisation, MIG, not reserved), scored as the agent scores them.</source>
        <translation>Einheiten, die die Anforderung erfüllen (freier Speicher, Auslastung, MIG, nicht reserviert), bewertet wie der Agent sie bewertet.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Idle GPUs</source>
        <translation>Ungenutzte GPUs</translation>
    </message>
    <message>
        <source>Qualify</source>
        <translation>Geeignet</translation>
    </message>
    <message>
        <source>Choice</source>
        <translation>Auswahl</translation>
    </message>
</context>
<context>
    <name>gw::ServerEditDialog</name>
    <message>
        <source>Edit Server</source>
        <translation>Server bearbeiten</translation>
    </message>
    <message>
        <source>Add Server</source>
        <translation>Server hinzufügen</translation>
    </message>
    <message>
        <source>unchanged (stored in the keychain if set)</source>
        <translation>unverändert (im Schlüsselbund gespeichert, falls gesetzt)</translation>
    </message>
    <message>
        <source>none; the system&apos;s certificate authorities decide</source>
        <translation>keines; die Zertifizierungsstellen des Systems entscheiden</translation>
    </message>
    <message>
        <source>Forget Token</source>
        <translation>Zugriffstoken vergessen</translation>
    </message>
    <message>
        <source>removed when you press OK</source>
        <translation>wird beim Klick auf OK entfernt</translation>
    </message>
    <message>
        <source>Forget Pin</source>
        <translation>Pin vergessen</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Art:</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>&amp;Zugriffstoken:</translation>
    </message>
    <message>
        <source>Pinned certificate:</source>
        <translation>Gepinntes Zertifikat:</translation>
    </message>
    <message>
        <source>unchanged (kept for this session only)</source>
        <translation>unverändert (nur für diese Sitzung gehalten)</translation>
    </message>
    <message>
        <source>the token the agent printed or its admin chose</source>
        <translation>das Zugriffstoken, das der Agent ausgegeben oder sein Admin gewählt hat</translation>
    </message>
    <message>
        <source>The bearer token the agent&apos;s admin chose for you, or the one gpuwarden-agent printed (&quot;token for this run&quot; with --demo). agent.toml keeps only its SHA-256, so the token cannot be read from there.
Kept in the system keychain, never in a settings file.</source>
        <translation>Das Zugriffstoken (Bearer), das der Admin des Agenten für Sie gewählt hat, oder das von gpuwarden-agent ausgegebene (&quot;token for this run&quot; mit --demo). agent.toml speichert nur seinen SHA-256-Hash, daher kann das Zugriffstoken dort nicht gelesen werden.
Im Schlüsselbund des Systems gespeichert, nie in einer Einstellungsdatei.</translation>
    </message>
</context>
<context>
    <name>gw::ServerList</name>
    <message>
        <source>Give the server a name.</source>
        <translation>Einen Namen für den Server angeben.</translation>
    </message>
    <message>
        <source>The name must not start or end with spaces.</source>
        <translation>Der Name darf nicht mit Leerzeichen beginnen oder enden.</translation>
    </message>
    <message>
        <source>Enter a valid http:// or https:// URL.</source>
        <translation>Eine gültige http://- oder https://-URL angeben.</translation>
    </message>
    <message>
        <source>Another server is already called &quot;%1&quot;.</source>
        <translation>Ein anderer Server heißt bereits &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; already uses this URL.</source>
        <translation>&quot;%1&quot; verwendet diese URL bereits.</translation>
    </message>
    <message>
        <source>%1: no valid URL; edit the server.</source>
        <translation>%1: keine gültige URL; Server bearbeiten.</translation>
    </message>
    <message>
        <source>%1: the token could not be read from the keychain: %2</source>
        <translation>%1: Das Zugriffstoken konnte nicht aus dem Schlüsselbund gelesen werden: %2</translation>
    </message>
    <message>
        <source>The keychain could not store the token: %1. It is used for this session only and will not be remembered after GPU Warden quits.</source>
        <translation>Der Schlüsselbund konnte das Zugriffstoken nicht speichern: %1. Es gilt nur für diese Sitzung und wird nach dem Beenden von GPU Warden nicht behalten.</translation>
    </message>
    <message>
        <source>%1: the token is used for this session only; it will not be remembered after GPU Warden quits (the keychain could not store it).</source>
        <translation>%1: Das Zugriffstoken gilt nur für diese Sitzung; es wird nach dem Beenden von GPU Warden nicht behalten (der Schlüsselbund konnte es nicht speichern).</translation>
    </message>
    <message>
        <source>A server without a name</source>
        <translation>Ein Server ohne Namen</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>GPU Warden agent</source>
        <translation>GPU-Warden-Agent</translation>
    </message>
    <message>
        <source>the token is longer than %1 bytes</source>
        <translation>das Zugriffstoken ist länger als %1 Bytes</translation>
    </message>
    <message>
        <source>the token contains spaces or control characters (one token, one line)</source>
        <translation>das Zugriffstoken enthält Leerzeichen oder Steuerzeichen (ein Zugriffstoken, eine Zeile)</translation>
    </message>
    <message>
        <source>Enter the server&apos;s URL, such as https://gpu-01.example.org:9807.</source>
        <translation>Die URL des Servers eingeben, etwa https://gpu-01.example.org:9807.</translation>
    </message>
    <message>
        <source>The URL must start with http:// or https:// (for example https://gpu-01.example.org:9807).</source>
        <translation>Die URL muss mit http:// oder https:// beginnen (zum Beispiel https://gpu-01.example.org:9807).</translation>
    </message>
    <message>
        <source>The URL has no host name.</source>
        <translation>Die URL enthält keinen Hostnamen.</translation>
    </message>
    <message>
        <source>Leave user names, passwords, queries and fragments out of the URL; the token has a field of its own.</source>
        <translation>Benutzernamen, Passwörter, Abfragen und Fragmente aus der URL weglassen; das Zugriffstoken hat ein eigenes Feld.</translation>
    </message>
</context>
<context>
    <name>gw::ServerTree</name>
    <message>
        <source>Edit Server…</source>
        <translation>Server bearbeiten…</translation>
    </message>
    <message>
        <source>E&amp;xpand All</source>
        <translation>Alle &amp;ausklappen</translation>
    </message>
    <message>
        <source>&amp;Collapse All</source>
        <translation>Alle e&amp;inklappen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Ctrl+Shift+W</source>
        <translation>Ctrl+Shift+W</translation>
    </message>
    <message>
        <source>Sort By</source>
        <translation>Sortieren nach</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <source>Servers and GPUs</source>
        <translation>Server und GPUs</translation>
    </message>
</context>
<context>
    <name>gw::ServerTreeModel</name>
    <message>
        <source>idle</source>
        <translation>ungenutzt</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>memory held while idle</source>
        <translation>Speicher ungenutzt belegt</translation>
    </message>
    <message>
        <source>hot</source>
        <translation>heiß</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>Auslastung nicht gemeldet</translation>
    </message>
    <message>
        <source>Server / GPU</source>
        <translation>Server / GPU</translation>
    </message>
    <message>
        <source>Util</source>
        <translation>Ausl.</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Temp</source>
        <translation>Temp.</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>Leistungsaufnahme</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n s</source>
        <translation>
            <numerusform>Nächster Versuch in %n s</numerusform>
            <numerusform>Nächster Versuch in %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Agent %1 of ours; readings are shifted to our clock</source>
        <translation>Agent %1 gegenüber der eigenen Uhr; Messungen werden auf die eigene Uhr umgerechnet</translation>
    </message>
    <message>
        <source>Some readings were lost on the agent before they could be fetched</source>
        <translation>Einige Messungen gingen auf dem Agenten verloren, bevor sie abgerufen werden konnten</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>GPU utilisation; on a server, the mean of its GPUs when sorting</source>
        <translation>GPU-Auslastung; bei einem Server beim Sortieren der Mittelwert seiner GPUs</translation>
    </message>
    <message>
        <source>GPU memory used / total</source>
        <translation>GPU-Speicher belegt / gesamt</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU-Temperatur</translation>
    </message>
    <message>
        <source>Power drawn</source>
        <translation>Leistungsaufnahme</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>keine GPU</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n busy</source>
        <translation>
            <numerusform>%1 von %n aktiv</numerusform>
            <numerusform>%1 von %n aktiv</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n Benutzer</numerusform>
            <numerusform>%n Benutzer</numerusform>
        </translation>
    </message>
    <message>
        <source>Last reading %1 (%2 ago)</source>
        <translation>Letzte Messung %1 (vor %2)</translation>
    </message>
    <message>
        <source>Stale: no reading for more than %1 sampling intervals of %2; the figures are the last ones, with no verdict</source>
        <translation>Veraltet: seit mehr als %1 Messintervallen von %2 keine Messung; die Werte sind die letzten, ohne Bewertung</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>backend %1</source>
        <translation>Backend %1</translation>
    </message>
    <message>
        <source>Host memory %1 used of %2</source>
        <translation>Arbeitsspeicher: %1 von %2 belegt</translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation>Im MIG-Modus wird keine Auslastung gemeldet</translation>
    </message>
    <message numerus="yes">
        <source>MIG mode: %n instances</source>
        <translation>
            <numerusform>MIG-Modus: %n Instanz</numerusform>
            <numerusform>MIG-Modus: %n Instanzen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · GI %2 · CI %3</source>
        <translation>%1 · GI %2 · CI %3</translation>
    </message>
    <message>
        <source>MIG %1</source>
        <translation>MIG %1</translation>
    </message>
    <message>
        <source>MIG instance %1 of GPU %2, profile %3</source>
        <translation>MIG-Instanz %1 von GPU %2, Profil %3</translation>
    </message>
    <message>
        <source>GPU instance %1, compute instance %2</source>
        <translation>GPU-Instanz %1, Compute-Instanz %2</translation>
    </message>
    <message>
        <source>Utilisation is not reported per MIG instance</source>
        <translation>Die Auslastung wird nicht pro MIG-Instanz gemeldet</translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation>(nicht in /proc)</translation>
    </message>
    <message>
        <source>%1 · %2 · pid %3 · %4</source>
        <translation>%1 · %2 · pid %3 · %4</translation>
    </message>
    <message>
        <source>pid %1, user %2
%3</source>
        <translation>pid %1, Benutzer %2
%3</translation>
    </message>
    <message>
        <source>degraded: %1</source>
        <translation>beeinträchtigt: %1</translation>
    </message>
    <message>
        <source>own PID namespace: no process named</source>
        <translation>eigener PID-Namensraum: kein Prozess benannt</translation>
    </message>
    <message>
        <source>Host name %1</source>
        <translation>Hostname %1</translation>
    </message>
    <message>
        <source>Agent %1</source>
        <translation>Agent %1</translation>
    </message>
    <message>
        <source>The same agent as %1: its figures are shown twice</source>
        <translation>Derselbe Agent wie %1: seine Werte werden doppelt angezeigt</translation>
    </message>
    <message>
        <source>The agent is degraded:
%1</source>
        <translation>Der Agent ist beeinträchtigt:
%1</translation>
    </message>
</context>
<context>
    <name>gw::ServersDialog</name>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>&amp;Trust Certificate…</source>
        <translation>Zertifikat &amp;vertrauen…</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>(invalid)</source>
        <translation>(ungültig)</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source> · certificate pinned</source>
        <translation> · Zertifikat fixiert</translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Schlüsselbund:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Remove Server</source>
        <translation>Server entfernen</translation>
    </message>
    <message>
        <source>Stop watching %1 and forget its token? Its history stays.</source>
        <translation>%1 nicht mehr beobachten und sein Zugriffstoken vergessen? Der Verlauf bleibt erhalten.</translation>
    </message>
    <message>
        <source>Certificate Changed</source>
        <translation>Zertifikat geändert</translation>
    </message>
    <message>
        <source>Trust Certificate</source>
        <translation>Zertifikat vertrauen</translation>
    </message>
    <message>
        <source>&lt;b&gt;The certificate of %1 is not the one you pinned.&lt;/b&gt;&lt;br&gt;This happens when the certificate was renewed, or when someone is intercepting the connection.</source>
        <translation>&lt;b&gt;Das Zertifikat von %1 ist nicht das fixierte.&lt;/b&gt;&lt;br&gt;Das geschieht, wenn das Zertifikat erneuert wurde oder wenn jemand die Verbindung abfängt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No certificate authority vouches for %1.&lt;/b&gt;&lt;br&gt;Compare this fingerprint with the one on the server before you trust it:</source>
        <translation>&lt;b&gt;Keine Zertifizierungsstelle bürgt für %1.&lt;/b&gt;&lt;br&gt;Diesen Fingerabdruck vor dem Vertrauen mit dem auf dem Server vergleichen:</translation>
    </message>
    <message>
        <source>On the server: &lt;tt&gt;openssl x509 -in CERT -noout -fingerprint -sha256&lt;/tt&gt;</source>
        <translation>Auf dem Server: &lt;tt&gt;openssl x509 -in CERT -noout -fingerprint -sha256&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>Trust the New Certificate</source>
        <translation>Dem neuen Zertifikat vertrauen</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Vertrauen</translation>
    </message>
    <message>
        <source> · token for this session only</source>
        <translation> · Zugriffstoken nur für diese Sitzung</translation>
    </message>
</context>
<context>
    <name>gw::SnapshotText</name>
    <message>
        <source>%1  %2  backend %3
</source>
        <translation>%1  %2  Backend %3
</translation>
    </message>
    <message>
        <source>host: CPU %1, memory %2 / %3, disk read %4 write %5
</source>
        <translation>Host: CPU %1, Arbeitsspeicher %2 / %3, Datenträger lesen %4 schreiben %5
</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>UTIL</source>
        <translation>AUSLASTUNG</translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation>GPU-SPEICHER</translation>
    </message>
    <message>
        <source>TEMP</source>
        <translation>TEMP.</translation>
    </message>
    <message>
        <source>POWER</source>
        <translation>LEISTUNGSAUFNAHME</translation>
    </message>
    <message>
        <source>HEALTH</source>
        <translation>ZUSTAND</translation>
    </message>
    <message>
        <source>SLOWED BY</source>
        <translation>GEDROSSELT DURCH</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>GPU %1 %2:
</source>
        <translation>GPU %1 %2:
</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>BENUTZER</translation>
    </message>
    <message>
        <source>COMMAND</source>
        <translation>BEFEHL</translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation>EIGENTÜMER</translation>
    </message>
    <message>
        <source>ACCOUNT</source>
        <translation>KONTO</translation>
    </message>
    <message>
        <source>WORKLOAD</source>
        <translation>ARBEITSLAST</translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation>(nicht in /proc)</translation>
    </message>
    <message>
        <source>warning: %1
</source>
        <translation>Warnung: %1
</translation>
    </message>
</context>
<context>
    <name>gw::StateLegend</name>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
</context>
<context>
    <name>gw::StatusLine</name>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation>Aktualisiert %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU found on this machine.&lt;/b&gt; Showing the host only.&lt;br&gt;%1</source>
        <translation>&lt;b&gt;Keine GPU auf diesem Rechner gefunden.&lt;/b&gt; Nur der Host wird angezeigt.&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;History off:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Verlauf aus:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n servers stale</source>
        <translation>
            <numerusform>%n Server veraltet</numerusform>
            <numerusform>%n Server veraltet</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1&lt;br&gt;A server without its token is asked without one until the keychain answers; File → Servers… stores tokens again.</source>
        <translation>&lt;b&gt;Schlüsselbund:&lt;/b&gt; %1&lt;br&gt;Ein Server ohne sein Zugriffstoken wird ohne abgefragt, bis der Schlüsselbund antwortet; Datei → Server… speichert Zugriffstoken erneut.</translation>
    </message>
</context>
<context>
    <name>gw::Themes</name>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;High contrast, dark</source>
        <translation>Hoher &amp;Kontrast, dunkel</translation>
    </message>
    <message>
        <source>High &amp;contrast, light</source>
        <translation>Hoher K&amp;ontrast, hell</translation>
    </message>
</context>
<context>
    <name>gw::TimeRangeBar</name>
    <message numerus="yes">
        <source>%n days</source>
        <translation>
            <numerusform>%n Tag</numerusform>
            <numerusform>%n Tage</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Show the last %1, following new samples</source>
        <translation>Die letzten %1 anzeigen, neuen Messungen folgend</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>Benutzerdefiniert…</translation>
    </message>
    <message>
        <source>Show a fixed range</source>
        <translation>Einen festen Zeitraum anzeigen</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Back to the chosen range (double-click the chart, or Home)</source>
        <translation>Zurück zum gewählten Zeitraum (Doppelklick ins Diagramm oder Pos1)</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 (following now)</source>
        <translation>%1 (folgt der Gegenwart)</translation>
    </message>
    <message>
        <source>%1 (zoomed)</source>
        <translation>%1 (gezoomt)</translation>
    </message>
    <message>
        <source>Custom time range</source>
        <translation>Benutzerdefinierter Zeitraum</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Von:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
</context>
<context>
    <name>gw::TokensClient</name>
    <message>
        <source>next: expected %1, got %2</source>
        <translation>next: %1 erwartet, %2 erhalten</translation>
    </message>
    <message numerus="yes">
        <source>truncated: still true after %n page(s)</source>
        <translation>
            <numerusform>truncated: nach %n Seite noch immer true</numerusform>
            <numerusform>truncated: nach %n Seiten noch immer true</numerusform>
        </translation>
    </message>
    <message>
        <source>changed from %1 to %2 between pages</source>
        <translation>zwischen den Seiten von %1 zu %2 geändert</translation>
    </message>
    <message>
        <source>%1.sequence: expected %2</source>
        <translation>%1.sequence: %2 erwartet</translation>
    </message>
    <message>
        <source>truncated: facts after %1 are missing</source>
        <translation>truncated: Fakten nach %1 fehlen</translation>
    </message>
    <message numerus="yes">
        <source>next: %1 stays below last_sequence %2 after %n page(s)</source>
        <translation>
            <numerusform>next: %1 bleibt nach %n Seite unter last_sequence %2</numerusform>
            <numerusform>next: %1 bleibt nach %n Seiten unter last_sequence %2</numerusform>
        </translation>
    </message>
    <message>
        <source>the token for %1 is read-only: adjusting needs an admin token</source>
        <translation>Das Zugriffstoken für %1 ist schreibgeschützt: Anpassen erfordert ein Admin-Zugriffstoken</translation>
    </message>
</context>
<context>
    <name>gw::TokensJson</name>
    <message>
        <source>before from_ms</source>
        <translation>vor from_ms</translation>
    </message>
    <message>
        <source>&quot;%1&quot; appears twice</source>
        <translation>&quot;%1&quot; kommt doppelt vor</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>fehlerhaftes JSON bei Offset %1: %2</translation>
    </message>
    <message>
        <source>expected a JSON object of books</source>
        <translation>JSON-Objekt mit Token-Büchern erwartet</translation>
    </message>
</context>
<context>
    <name>gw::TokensView</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
    <message>
        <source>&amp;Adjust balance…</source>
        <translation>Guthaben &amp;anpassen…</translation>
    </message>
    <message>
        <source>Edit &amp;prices…</source>
        <translation>&amp;Preise bearbeiten…</translation>
    </message>
    <message>
        <source>Add or take tokens from a user, with a reason.</source>
        <translation>Einem Benutzer Token gutschreiben oder abziehen, mit Begründung.</translation>
    </message>
    <message>
        <source>Change the prices per GPU model and see what each user&apos;s balance would be.</source>
        <translation>Die Preise pro GPU-Modell ändern und sehen, welches Guthaben jeder Benutzer hätte.</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Guthaben</translation>
    </message>
    <message>
        <source>Spent</source>
        <translation>Verbraucht</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Gutgeschrieben</translation>
    </message>
    <message>
        <source>Tokens charged for GPU time this month.</source>
        <translation>In diesem Monat für GPU-Zeit berechnete Token.</translation>
    </message>
    <message>
        <source>Tokens granted and added (monthly, daily, adjustments) this month.</source>
        <translation>In diesem Monat zugeteilte und gutgeschriebene Token (monatlich, täglich, Anpassungen).</translation>
    </message>
    <message>
        <source>All users</source>
        <translation>Alle Benutzer</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>Filter the ledger</source>
        <translation>Buchungen filtern</translation>
    </message>
    <message>
        <source>Balance over time</source>
        <translation>Guthaben im Zeitverlauf</translation>
    </message>
    <message>
        <source>GPU-hours by model</source>
        <translation>GPU-Stunden nach Modell</translation>
    </message>
    <message>
        <source>Ledger:</source>
        <translation>Buchungen:</translation>
    </message>
    <message>
        <source>No readings from %1 %2–%3: not charged.</source>
        <translation>Keine Messungen von %1 %2–%3: nicht berechnet.</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message numerus="yes">
        <source>…and %n more</source>
        <translation>
            <numerusform>…und %n weitere</numerusform>
            <numerusform>…und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>The policy in force has no [tokens] section: no token books are kept. Add one (Policy…) to price GPU time per model.</source>
        <translation>Die geltende Richtlinie hat keinen Abschnitt [tokens]: Es wird kein Token-Buch geführt. Einen hinzufügen (Richtlinie…), um GPU-Zeit pro Modell zu bepreisen.</translation>
    </message>
    <message>
        <source>No books yet: they are built from the readings of the first whole hour.</source>
        <translation>Noch kein Token-Buch: Es wird aus den Messungen der ersten vollen Stunde aufgebaut.</translation>
    </message>
    <message>
        <source>Floor %1: users at or below it are cut off.</source>
        <translation>Untergrenze %1: Benutzer auf oder unter ihr werden gesperrt.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Books kept by %1, as of %2&lt;/b&gt;; the open hour is not charged yet. %3</source>
        <translation>&lt;b&gt;Token-Buch geführt von %1, Stand %2&lt;/b&gt;; die laufende Stunde ist noch nicht berechnet. %3</translation>
    </message>
    <message>
        <source>Read %1.</source>
        <translation>Gelesen %1.</translation>
    </message>
    <message>
        <source>%1 is not answering (since %2): %3. These are its books as read at %4, %5.</source>
        <translation>%1 antwortet nicht (seit %2): %3. Dies ist sein Token-Buch, gelesen %4, %5.</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>vor %n min</numerusform>
            <numerusform>vor %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>vor %n h</numerusform>
            <numerusform>vor %n h</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Books as of %1&lt;/b&gt;, %2; the open hour is not charged yet. Floor %3: users at or below it are cut off.</source>
        <translation>&lt;b&gt;Token-Buch, Stand %1&lt;/b&gt;, %2; die laufende Stunde ist noch nicht berechnet. Untergrenze %3: Benutzer auf oder unter ihr werden gesperrt.</translation>
    </message>
    <message>
        <source>%1 (the keeper)</source>
        <translation>%1 (führt das Token-Buch)</translation>
    </message>
    <message>
        <source>%1 answered %2 but is not read: %3</source>
        <translation>%1 hat %2 geantwortet, wird aber nicht gelesen: %3</translation>
    </message>
    <message>
        <source>once</source>
        <translation>einmal</translation>
    </message>
    <message>
        <source>%1 read %2</source>
        <translation>%1 gelesen %2</translation>
    </message>
    <message>
        <source>%1 unreachable, last read %2</source>
        <translation>%1 nicht erreichbar, zuletzt gelesen %2</translation>
    </message>
    <message>
        <source>%1 unreachable, never read</source>
        <translation>%1 nicht erreichbar, nie gelesen</translation>
    </message>
    <message>
        <source>Servers: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>%1 (cut off)</source>
        <translation>%1 (gesperrt)</translation>
    </message>
    <message>
        <source>At or below the overdraft floor (%1): cut off.</source>
        <translation>Auf oder unter der Überziehungsgrenze (%1): gesperrt.</translation>
    </message>
    <message>
        <source>Balance per user (tokens)</source>
        <translation>Guthaben pro Benutzer (Token)</translation>
    </message>
    <message>
        <source>balance</source>
        <translation>Guthaben</translation>
    </message>
    <message>
        <source>at or below the floor</source>
        <translation>auf oder unter der Untergrenze</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>null</translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation>Untergrenze %1</translation>
    </message>
    <message>
        <source>GPU-hours by GPU model this month</source>
        <translation>GPU-Stunden nach GPU-Modell in diesem Monat</translation>
    </message>
    <message>
        <source>%1 (%2 h)</source>
        <translation>%1 (%2 h)</translation>
    </message>
    <message>
        <source>no use yet</source>
        <translation>noch keine Nutzung</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU-Stunden</translation>
    </message>
    <message>
        <source>Balance per user</source>
        <translation>Guthaben pro Benutzer</translation>
    </message>
    <message>
        <source>No balances to draw: the policy in force has no [tokens] section, so no token books are kept.</source>
        <translation>Kein Guthaben darzustellen: Die geltende Richtlinie hat keinen Abschnitt [tokens], daher wird kein Token-Buch geführt.</translation>
    </message>
    <message>
        <source>No balances: no [tokens] section, no token books.</source>
        <translation>Kein Guthaben: kein Abschnitt [tokens], kein Token-Buch.</translation>
    </message>
    <message>
        <source>No balances to draw yet: the books have no entries (they are built from the readings of the first whole hour).</source>
        <translation>Noch kein Guthaben darzustellen: Das Token-Buch hat keine Einträge (es wird aus den Messungen der ersten vollen Stunde aufgebaut).</translation>
    </message>
    <message>
        <source>Ledger of user</source>
        <translation>Buchungen des Benutzers</translation>
    </message>
    <message>
        <source>Ledger entries of kind</source>
        <translation>Buchungen der Art</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Buchungen</translation>
    </message>
    <message>
        <source>Balances this month</source>
        <translation>Guthaben in diesem Monat</translation>
    </message>
    <message>
        <source>GPU-hours by GPU model</source>
        <translation>GPU-Stunden nach GPU-Modell</translation>
    </message>
    <message>
        <source>%1 tokens, at or below the floor: cut off</source>
        <translation>%1 Token, auf oder unter der Untergrenze: gesperrt</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Token</translation>
    </message>
    <message>
        <source>Balance per user in tokens; the floor is %1</source>
        <translation>Guthaben pro Benutzer in Token; die Untergrenze ist %1</translation>
    </message>
    <message>
        <source>%1 %2 h</source>
        <translation>%1 %2 h</translation>
    </message>
    <message>
        <source>%1 GPU-hours: %2</source>
        <translation>%1 GPU-Stunden: %2</translation>
    </message>
    <message>
        <source>GPU-hours by GPU model this month: no use yet</source>
        <translation>GPU-Stunden nach GPU-Modell in diesem Monat: noch keine Nutzung</translation>
    </message>
</context>
<context>
    <name>gw::Trace</name>
    <message>
        <source> on line %1</source>
        <translation> in Zeile %1</translation>
    </message>
    <message>
        <source>duplicate reading of &quot;%1&quot; at %2: the same time as its reading%3</source>
        <translation>doppelte Messung von &quot;%1&quot; um %2: derselbe Zeitpunkt wie seine Messung%3</translation>
    </message>
    <message>
        <source>reading of &quot;%1&quot; at %2 is older than its previous reading at %3%4 (readings must be in time order per server)</source>
        <translation>Messung von &quot;%1&quot; um %2 ist älter als die vorherige Messung um %3%4 (Messungen müssen pro Server zeitlich geordnet sein)</translation>
    </message>
    <message>
        <source>%1: cannot open for writing: %2</source>
        <translation>%1: kann nicht zum Schreiben geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1: trace is not open</source>
        <translation>%1: Aufzeichnung ist nicht geöffnet</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: Schreiben nicht möglich: %2</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>line longer than %1 MiB</source>
        <translation>Zeile länger als %1 MiB</translation>
    </message>
    <message>
        <source>the last line is cut short (was the recorder stopped mid-write?): %1</source>
        <translation>die letzte Zeile ist abgeschnitten (wurde die Aufzeichnung mitten im Schreiben gestoppt?): %1</translation>
    </message>
</context>
<context>
    <name>gw::UnitChoiceModel</name>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation>GPU %1 MIG %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>n/a (MIG)</source>
        <translation>k. A. (MIG)</translation>
    </message>
    <message>
        <source>stale figures</source>
        <translation>veraltete Werte</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>gewählt</translation>
    </message>
    <message>
        <source>A MIG instance scores its free-memory fraction alone.</source>
        <translation>Eine MIG-Instanz wird nur nach ihrem Anteil freien Speichers bewertet.</translation>
    </message>
    <message>
        <source>Score = weight × free-memory fraction + weight × idle fraction; best first, ties by GPU index.</source>
        <translation>Bewertung = Gewicht × Anteil freien Speichers + Gewicht × ungenutzter Anteil; beste zuerst, bei Gleichstand nach GPU-Index.</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES=%1</source>
        <translation>CUDA_VISIBLE_DEVICES=%1</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>abgelehnt: %1</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
</context>
<context>
    <name>gw::Units</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
</context>
<context>
    <name>gw::UsageMeter</name>
    <message>
        <source>%1: reading at %2 ms not after the last one (%3 ms): refused, not charged</source>
        <translation>%1: Messung bei %2 ms nicht nach der letzten (%3 ms): abgelehnt, nicht berechnet</translation>
    </message>
    <message>
        <source>%1: process %2 on GPU %3, which is not in the reading: not charged</source>
        <translation>%1: Prozess %2 auf GPU %3, die nicht in der Messung enthalten ist: nicht berechnet</translation>
    </message>
    <message>
        <source>%1: process %2 on %3 has no user: its GPU time is not charged to anyone</source>
        <translation>%1: Prozess %2 auf %3 hat keinen Benutzer: seine GPU-Zeit wird niemandem berechnet</translation>
    </message>
    <message>
        <source>%1: GPU %2 reports no name: its use is not charged</source>
        <translation>%1: GPU %2 meldet keinen Namen: ihre Nutzung wird nicht berechnet</translation>
    </message>
    <message>
        <source>%1: MIG instance %2 on %3: slices unknown, charged as the whole GPU</source>
        <translation>%1: MIG-Instanz %2 auf %3: Slices unbekannt, als ganze GPU berechnet</translation>
    </message>
    <message>
        <source>%1: no utilisation for %2 on %3: its used time is charged as held</source>
        <translation>%1: keine Auslastung für %2 auf %3: die genutzte Zeit wird als belegt berechnet</translation>
    </message>
</context>
<context>
    <name>gw::UserText</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
</context>
<context>
    <name>gw::VerdictBook</name>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>GPU failing</source>
        <translation>GPU ausfallend</translation>
    </message>
    <message>
        <source>GPU degraded</source>
        <translation>GPU beeinträchtigt</translation>
    </message>
</context>
<context>
    <name>gw::WelcomePanel</name>
    <message>
        <source>&amp;Add an agent…</source>
        <translation>&amp;Agent hinzufügen…</translation>
    </message>
    <message>
        <source>Open the &amp;demo</source>
        <translation>&amp;Demo öffnen</translation>
    </message>
    <message>
        <source>Read the &amp;guide</source>
        <translation>Anleitung &amp;lesen</translation>
    </message>
    <message>
        <source>&amp;Copy the commands</source>
        <translation>Befehle &amp;kopieren</translation>
    </message>
    <message>
        <source>Commands that install an agent</source>
        <translation>Befehle zum Installieren eines Agenten</translation>
    </message>
    <message>
        <source>Opens File → Servers… to add an agent&apos;s address</source>
        <translation>Öffnet Datei → Server…, um die Adresse eines Agenten hinzuzufügen</translation>
    </message>
    <message>
        <source>Watch a GPU server: install the agent on it, make a token for this desktop, then add the server&apos;s address and the token here:</source>
        <translation>Einen GPU-Server beobachten: den Agent darauf installieren, ein Zugriffstoken für diesen Desktop erstellen, dann die Adresse des Servers und das Zugriffstoken hier eintragen:</translation>
    </message>
    <message>
        <source>The agent answers on the server&apos;s loopback only. Reach it through SSH (ssh -L 9807:localhost:9807 SERVER, then add http://localhost:9807), or give it TLS and let it listen on the network (the guide&apos;s “Security”).</source>
        <translation>Der Agent antwortet nur auf dem Loopback des Servers. Erreichbar ist er über SSH (ssh -L 9807:localhost:9807 SERVER, dann http://localhost:9807 hinzufügen), oder er erhält TLS und lauscht im Netzwerk (Abschnitt „Security“ der Anleitung).</translation>
    </message>
    <message>
        <source>A simulated lab of three servers, with hogs, idle jobs, events and token books, in a window of its own. Nothing of it is kept.</source>
        <translation>Ein simuliertes Labor mit drei Servern, mit Vereinnahmungen, ungenutzten Jobs, Ereignissen und Token-Büchern, in einem eigenen Fenster. Nichts davon wird gespeichert.</translation>
    </message>
    <message>
        <source>Installing, watching servers, history, policies, jobs, token books, reports and security, step by step.</source>
        <translation>Installation, Beobachten von Servern, Verlauf, Richtlinien, Jobs, Token-Buch, Berichte und Sicherheit, Schritt für Schritt.</translation>
    </message>
    <message>
        <source>Nothing to watch yet</source>
        <translation>Noch nichts zu beobachten</translation>
    </message>
    <message>
        <source>GPU Warden shows every GPU of your shared servers: utilisation, memory, temperature and power, who runs which process on it, and the history of all of it. Its policies find GPU hogs, idle jobs holding GPUs and fair-share breaches; it keeps per-user token books and writes daily reports.</source>
        <translation>GPU Warden zeigt jede GPU der gemeinsam genutzten Server: Auslastung, Speicher, Temperatur und Leistungsaufnahme, wer welchen Prozess darauf ausführt, und den Verlauf von allem. Seine Richtlinien finden Vereinnahmungen von GPUs, ungenutzte Jobs, die GPUs belegen, und Verstöße gegen den fairen Anteil; es führt ein Token-Buch pro Benutzer und schreibt tägliche Berichte.</translation>
    </message>
    <message>
        <source>This machine has no GPU that GPU Warden can read, and no server is watched yet.</source>
        <translation>Dieser Rechner hat keine GPU, die GPU Warden lesen kann, und es wird noch kein Server beobachtet.</translation>
    </message>
    <message>
        <source>This run keeps no server list (File → Servers… is off)</source>
        <translation>Dieser Lauf führt keine Serverliste (Datei → Server… ist aus)</translation>
    </message>
    <message>
        <source>my-desktop</source>
        <translation>my-desktop</translation>
    </message>
    <message>
        <source>The demo could not be started (%1 --demo).</source>
        <translation>Die Demo konnte nicht gestartet werden (%1 --demo).</translation>
    </message>
    <message>
        <source>The guide is not installed here: it is docs/guide in GPU Warden&apos;s sources, and /usr/share/doc/gpuwarden/guide with the package.</source>
        <translation>Die Anleitung ist hier nicht installiert: Sie liegt in den Quellen von GPU Warden unter docs/guide und im Paket unter /usr/share/doc/gpuwarden/guide.</translation>
    </message>
    <message>
        <source>No program here opens the guide; it is at %1.</source>
        <translation>Kein Programm hier öffnet die Anleitung; sie liegt unter %1.</translation>
    </message>
</context>
<context>
    <name>gw::Workload</name>
    <message>
        <source>container %1</source>
        <translation>Container %1</translation>
    </message>
    <message>
        <source>pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>pod %1/%2</source>
        <translation>Pod %1/%2</translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation>Slurm-Job %1</translation>
    </message>
    <message>
        <source>LXC container %1</source>
        <translation>LXC-Container %1</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>Sitzung %1</translation>
    </message>
</context>
<context>
    <name>gw::Xid</name>
    <message>
        <source>XID %1 (%2)</source>
        <translation>XID %1 (%2)</translation>
    </message>
    <message>
        <source>XID %1 (not in NVIDIA&apos;s catalogue)</source>
        <translation>XID %1 (nicht im Katalog von NVIDIA)</translation>
    </message>
    <message>
        <source>no action needed</source>
        <translation>keine Maßnahme nötig</translation>
    </message>
    <message>
        <source>restart the application</source>
        <translation>Anwendung neu starten</translation>
    </message>
    <message>
        <source>reset the GPU</source>
        <translation>GPU zurücksetzen</translation>
    </message>
    <message>
        <source>reboot the server</source>
        <translation>Server neu starten</translation>
    </message>
    <message>
        <source>have the hardware checked</source>
        <translation>Hardware prüfen lassen</translation>
    </message>
    <message>
        <source>update the driver or firmware</source>
        <translation>Treiber oder Firmware aktualisieren</translation>
    </message>
</context>
<context>
    <name>gw::cli</name>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation>GPU %1 MIG %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>--%1 must be a whole number from %2 to %3, not &quot;%4&quot;</source>
        <translation>--%1 muss eine ganze Zahl von %2 bis %3 sein, nicht &quot;%4&quot;</translation>
    </message>
    <message>
        <source>select, wait, run: how many GPUs (1 to 64).</source>
        <translation>select, wait, run: wie viele GPUs (1 bis 64).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>select, wait, run: the GPU count from a model&apos;s parallelism, &quot;tp=4,pp=2,dp=1&quot; (world size = tp × pp × max(dp, cp, dcp)).</source>
        <translation>select, wait, run: die Anzahl der GPUs aus der Parallelität eines Modells, &quot;tp=4,pp=2,dp=1&quot; (World Size = tp × pp × max(dp, cp, dcp)).</translation>
    </message>
    <message>
        <source>sizes</source>
        <translation>Größen</translation>
    </message>
    <message>
        <source>select, wait, run: a task file (JSON or TOML) with the parallelism and the model.</source>
        <translation>select, wait, run: eine Aufgabendatei (JSON oder TOML) mit der Parallelität und dem Modell.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>select, wait, run: free memory each GPU needs, such as 8GiB (default: none with --gpus; from the model&apos;s size with --parallel or --task).</source>
        <translation>select, wait, run: freier Speicher, den jede GPU braucht, etwa 8GiB (Standard: keiner mit --gpus; aus der Größe des Modells mit --parallel oder --task).</translation>
    </message>
    <message>
        <source>size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>select, wait, run: refuse GPUs busier than this percentage.</source>
        <translation>select, wait, run: GPUs ablehnen, deren Auslastung über diesem Prozentsatz liegt.</translation>
    </message>
    <message>
        <source>percent</source>
        <translation>Prozent</translation>
    </message>
    <message>
        <source>select, wait, run: MIG instances as units: allow (when not enough whole GPUs qualify), only, never (default: allow).</source>
        <translation>select, wait, run: MIG-Instanzen als Einheiten: allow (wenn nicht genug ganze GPUs infrage kommen), only, never (Standard: allow).</translation>
    </message>
    <message>
        <source>allow|only|never</source>
        <translation>allow|only|never</translation>
    </message>
    <message>
        <source>select, wait, run: wait up to this long for enough GPUs, such as 5m (default: 0, answer at once).</source>
        <translation>select, wait, run: bis zu dieser Dauer auf genug GPUs warten, etwa 5m (Standard: 0, sofort antworten).</translation>
    </message>
    <message>
        <source>span</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>select, run with --source: how long the agent holds the GPUs for the job to start (default: 2m).</source>
        <translation>select, run mit --source: wie lange der Agent die GPUs für den Start des Jobs hält (Standard: 2m).</translation>
    </message>
    <message>
        <source>select, wait, run, advise: the user the GPUs are for (default: your login name).</source>
        <translation>select, wait, run, advise: der Benutzer, für den die GPUs sind (Standard: der eigene Anmeldename).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>advise: high, normal (default) or low.</source>
        <translation>advise: high, normal (Standard) oder low.</translation>
    </message>
    <message>
        <source>priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>advise: how often the job has waited already (the back-off doubles with each).</source>
        <translation>advise: wie oft der Job schon gewartet hat (die Wartezeit verdoppelt sich jedes Mal).</translation>
    </message>
    <message>
        <source>give the number of GPUs: --gpus N, --parallel tp=4,pp=2 or --task FILE</source>
        <translation>Anzahl der GPUs angeben: --gpus N, --parallel tp=4,pp=2 oder --task DATEI</translation>
    </message>
    <message>
        <source>give only one of --gpus, --parallel and --task</source>
        <translation>nur eine der Optionen --gpus, --parallel und --task angeben</translation>
    </message>
    <message>
        <source>--parallel: %1</source>
        <translation>--parallel: %1</translation>
    </message>
    <message>
        <source>--task: %1</source>
        <translation>--task: %1</translation>
    </message>
    <message>
        <source>%1 needs %2 GPUs; at most %3 can be asked for</source>
        <translation>%1 braucht %2 GPUs; höchstens %3 können angefordert werden</translation>
    </message>
    <message>
        <source>%1: world size %2 × %3 × max(%4, %5, %6) = %7 GPUs</source>
        <translation>%1: World Size %2 × %3 × max(%4, %5, %6) = %7 GPUs</translation>
    </message>
    <message>
        <source>--min-free: %1</source>
        <translation>--min-free: %1</translation>
    </message>
    <message>
        <source>--max-util must be a percentage from 0 to 100, not &quot;%1&quot;</source>
        <translation>--max-util muss ein Prozentsatz von 0 bis 100 sein, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--mig must be allow, only or never, not &quot;%1&quot;</source>
        <translation>--mig muss allow, only oder never sein, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--policy: %1</source>
        <translation>--policy: %1</translation>
    </message>
    <message>
        <source>--wait: %1</source>
        <translation>--wait: %1</translation>
    </message>
    <message>
        <source>--ttl must be from 1s to 24h, not &quot;%1&quot;</source>
        <translation>--ttl muss zwischen 1s und 24h liegen, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--ttl: %1</source>
        <translation>--ttl: %1</translation>
    </message>
    <message>
        <source>--user must name a user</source>
        <translation>--user muss einen Benutzer nennen</translation>
    </message>
    <message>
        <source>no login name found: give --user NAME</source>
        <translation>kein Anmeldename gefunden: --user NAME angeben</translation>
    </message>
    <message>
        <source>no GPU found on this machine</source>
        <translation>keine GPU auf diesem Rechner gefunden</translation>
    </message>
    <message>
        <source>no GPU found on this machine: %1</source>
        <translation>keine GPU auf diesem Rechner gefunden: %1</translation>
    </message>
    <message>
        <source>the agent granted %1 units, %2 asked; not used</source>
        <translation>der Agent hat %1 Einheiten gewährt, %2 angefordert; nicht verwendet</translation>
    </message>
    <message>
        <source>the agent granted nothing (HTTP %1)</source>
        <translation>der Agent hat nichts gewährt (HTTP %1)</translation>
    </message>
    <message>
        <source>reservations unknown, waiting as if there were none: %1</source>
        <translation>Reservierungen unbekannt, es wird gewartet, als gäbe es keine: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: qualifies (score %2)</source>
        <translation>%1: kommt infrage (Bewertung %2)</translation>
    </message>
    <message>
        <source>%1 (score %2, %3 MiB free)</source>
        <translation>%1 (Bewertung %2, %3 MiB frei)</translation>
    </message>
    <message>
        <source>reserved on %1 for %2 until %3: %4</source>
        <translation>auf %1 für %2 bis %3 reserviert: %4</translation>
    </message>
    <message>
        <source>nothing reserved (wait only waits; select reserves)</source>
        <translation>nichts reserviert (wait wartet nur; select reserviert)</translation>
    </message>
    <message>
        <source>no agent: nothing reserved (--source URL reserves at the agent)</source>
        <translation>kein Agent: nichts reserviert (--source URL reserviert beim Agenten)</translation>
    </message>
    <message>
        <source>advise needs an agent (--source URL): advice comes from the agent&apos;s record of each user&apos;s use</source>
        <translation>advise braucht einen Agenten (--source URL): Der Rat stammt aus den Aufzeichnungen des Agenten über die Nutzung jedes Benutzers</translation>
    </message>
    <message>
        <source>--priority: %1</source>
        <translation>--priority: %1</translation>
    </message>
    <message>
        <source>%1 (%2 priority) may use %3% of the GPUs now, uses %4%
  quota:     %5
  load band: %6
  defensive: %7
%8
</source>
        <translation>%1 (Priorität %2) darf jetzt %3% der GPUs nutzen, nutzt %4%
  Kontingent: %5
  Lastband:   %6
  defensiv:   %7
%8
</translation>
    </message>
    <message>
        <source>%1: give --trace FILE or --history FILE</source>
        <translation>%1: --trace DATEI oder --history DATEI angeben</translation>
    </message>
    <message>
        <source> (or --demo, or --source URL)</source>
        <translation> (oder --demo oder --source URL)</translation>
    </message>
    <message>
        <source>--demo-servers: expected 1..%1, got &quot;%2&quot;</source>
        <translation>--demo-servers: 1..%1 erwartet, &quot;%2&quot; erhalten</translation>
    </message>
    <message>
        <source>--tz: &quot;%1&quot; is not a time zone (such as Europe/Berlin or UTC)</source>
        <translation>--tz: &quot;%1&quot; ist keine Zeitzone (etwa Europe/Berlin oder UTC)</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a time (write 2026-11-24T09:00:00+01:00, 2026-11-24 09:00 or milliseconds since the epoch)</source>
        <translation>--%1: &quot;%2&quot; ist keine Zeitangabe (2026-11-24T09:00:00+01:00, 2026-11-24 09:00 oder Millisekunden seit der Epoche schreiben)</translation>
    </message>
    <message>
        <source>%1: the range is empty (--to must be after --from)</source>
        <translation>%1: der Zeitraum ist leer (--to muss nach --from liegen)</translation>
    </message>
    <message>
        <source>%1: %2 needs the range: give --from (and --to, default now)</source>
        <translation>%1: %2 braucht den Zeitraum: --from angeben (und --to, Standard jetzt)</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: Schreiben nicht möglich: %2</translation>
    </message>
    <message>
        <source>report: give --format csv or --format pdf</source>
        <translation>report: --format csv oder --format pdf angeben</translation>
    </message>
    <message>
        <source>report: --format &quot;%1&quot; is not known (csv or pdf)</source>
        <translation>report: --format &quot;%1&quot; ist unbekannt (csv oder pdf)</translation>
    </message>
    <message>
        <source>report: --split needs --output FOLDER</source>
        <translation>report: --split braucht --output ORDNER</translation>
    </message>
    <message>
        <source>report: --split is for CSV; a PDF is one file</source>
        <translation>report: --split ist für CSV; ein PDF ist eine Datei</translation>
    </message>
    <message>
        <source>report: --paper is for --format pdf</source>
        <translation>report: --paper ist für --format pdf</translation>
    </message>
    <message>
        <source>report: --paper &quot;%1&quot; is not known (a4 or letter)</source>
        <translation>report: --paper &quot;%1&quot; ist unbekannt (a4 oder letter)</translation>
    </message>
    <message>
        <source>report: a PDF is not for the terminal: give --output FILE (or --output - into a pipe)</source>
        <translation>report: ein PDF ist nicht für das Terminal: --output DATEI angeben (oder --output - in eine Pipe)</translation>
    </message>
    <message>
        <source>report: --format pdf needs the report command first on the command line</source>
        <translation>report: --format pdf braucht den Befehl report als ersten auf der Befehlszeile</translation>
    </message>
    <message>
        <source>--policy must name a policy file</source>
        <translation>--policy muss eine Richtliniendatei nennen</translation>
    </message>
    <message>
        <source>report: give --last or --from/--to, not both</source>
        <translation>report: --last oder --from/--to angeben, nicht beides</translation>
    </message>
    <message>
        <source>--last: %1</source>
        <translation>--last: %1</translation>
    </message>
    <message>
        <source>the span must be longer than zero</source>
        <translation>die Dauer muss größer als null sein</translation>
    </message>
    <message>
        <source>report: the range is empty (--to must be after --from)</source>
        <translation>report: der Zeitraum ist leer (--to muss nach --from liegen)</translation>
    </message>
    <message>
        <source>report: --to needs --from (or give --last)</source>
        <translation>report: --to braucht --from (oder --last angeben)</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>report: the PDF could not be made</source>
        <translation>report: das PDF konnte nicht erstellt werden</translation>
    </message>
    <message>
        <source>run: how often the job&apos;s GPUs are read, such as 1s or 200ms (default 1s).</source>
        <translation>run: wie oft die GPUs des Jobs gelesen werden, etwa 1s oder 200ms (Standard 1s).</translation>
    </message>
    <message>
        <source>run: write the run record (JSON) to this file instead of a summary on stderr.</source>
        <translation>run: das Laufprotokoll (JSON) in diese Datei schreiben statt einer Zusammenfassung auf stderr.</translation>
    </message>
    <message>
        <source>run: give the command after --, such as: gpuwarden-cli run --gpus 1 -- python train.py</source>
        <translation>run: den Befehl nach -- angeben, etwa: gpuwarden-cli run --gpus 1 -- python train.py</translation>
    </message>
    <message>
        <source>run reads one agent: give --source once (select picks a server among several)</source>
        <translation>run liest einen Agenten: --source einmal angeben (select wählt einen Server unter mehreren)</translation>
    </message>
    <message>
        <source>--interval: %1</source>
        <translation>--interval: %1</translation>
    </message>
    <message>
        <source>--interval must be from 10ms to 1h, not &quot;%1&quot;</source>
        <translation>--interval muss zwischen 10ms und 1h liegen, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>reservation %1 released: %2</source>
        <translation>Reservierung %1 freigegeben: %2</translation>
    </message>
    <message>
        <source>reservation %1 already ended at the agent (%2)</source>
        <translation>Reservierung %1 endete beim Agenten bereits (%2)</translation>
    </message>
    <message>
        <source>reservation %1 not released: %2</source>
        <translation>Reservierung %1 nicht freigegeben: %2</translation>
    </message>
    <message>
        <source>the trace cannot be written</source>
        <translation>die Aufzeichnung kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>running %1 on %2 with CUDA_VISIBLE_DEVICES=%3</source>
        <translation>%1 wird auf %2 mit CUDA_VISIBLE_DEVICES=%3 ausgeführt</translation>
    </message>
    <message>
        <source>reading the agent failed: %1</source>
        <translation>Lesen des Agenten fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the job&apos;s processes appeared</source>
        <translation>die Prozesse des Jobs sind erschienen</translation>
    </message>
    <message>
        <source>the job did not start</source>
        <translation>der Job ist nicht gestartet</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>the job ended</source>
        <translation>der Job ist beendet</translation>
    </message>
    <message>
        <source>run record written to %1</source>
        <translation>Laufprotokoll nach %1 geschrieben</translation>
    </message>
    <message>
        <source>%1 readings written to %2</source>
        <translation>%1 Messungen nach %2 geschrieben</translation>
    </message>
    <message>
        <source>%1 has no [tokens] section</source>
        <translation>%1 hat keinen Abschnitt [tokens]</translation>
    </message>
    <message>
        <source>no readings from %1 %2–%3: not charged</source>
        <translation>keine Messungen von %1 %2–%3: nicht berechnet</translation>
    </message>
    <message>
        <source>user</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>balance</source>
        <translation>Guthaben</translation>
    </message>
    <message>
        <source>spent</source>
        <translation>verbraucht</translation>
    </message>
    <message>
        <source>granted</source>
        <translation>zugeteilt</translation>
    </message>
    <message>
        <source>GPU-hours by model</source>
        <translation>GPU-Stunden nach Modell</translation>
    </message>
    <message>
        <source>%1 (at or below the floor, %2)</source>
        <translation>%1 (auf oder unter der Untergrenze, %2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>no users in the range
</source>
        <translation>keine Benutzer im Zeitraum
</translation>
    </message>
    <message>
        <source>ledger of %1:</source>
        <translation>Buchungen von %1:</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>amount</source>
        <translation>Betrag</translation>
    </message>
    <message>
        <source>what</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>no entries
</source>
        <translation>keine Einträge
</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>balance (%1)</source>
        <translation>Guthaben (%1)</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>Differenz</translation>
    </message>
    <message>
        <source>token balances at %1, hours closed up to %2 (%3)

</source>
        <translation>Token-Guthaben, Stand %1, Stunden abgeschlossen bis %2 (%3)

</translation>
    </message>
    <message>
        <source>no users yet
</source>
        <translation>noch keine Benutzer
</translation>
    </message>
    <message>
        <source>tokens: give --policy FILE (its [tokens] section prices the GPU time)</source>
        <translation>tokens: --policy DATEI angeben (ihr Abschnitt [tokens] bepreist die GPU-Zeit)</translation>
    </message>
    <message>
        <source>--compare must name a policy file</source>
        <translation>--compare muss eine Richtliniendatei nennen</translation>
    </message>
    <message>
        <source>no readings in the range</source>
        <translation>keine Messungen im Zeitraum</translation>
    </message>
    <message>
        <source>token books %1 to %2 (%3), policy %4

</source>
        <translation>Token-Buch %1 bis %2 (%3), Richtlinie %4

</translation>
    </message>
    <message>
        <source>reading failed: %1</source>
        <translation>Lesen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>gpuwarden-cli: %1 readings of %2 servers were written to %3 before the error
</source>
        <translation>gpuwarden-cli: %1 Messungen von %2 Servern wurden vor dem Fehler nach %3 geschrieben
</translation>
    </message>
    <message>
        <source>gpuwarden-cli: %1 readings of %2 servers written to %3%4
</source>
        <translation>gpuwarden-cli: %1 Messungen von %2 Servern nach %3 geschrieben%4
</translation>
    </message>
    <message>
        <source> (stopped by a signal)</source>
        <translation> (durch ein Signal gestoppt)</translation>
    </message>
    <message>
        <source>token %1: --source URL is required</source>
        <translation>token %1: --source URL ist erforderlich</translation>
    </message>
    <message>
        <source>gpuwarden-cli: token stored in the keychain as &quot;%1&quot;
</source>
        <translation>gpuwarden-cli: Zugriffstoken im Schlüsselbund als &quot;%1&quot; gespeichert
</translation>
    </message>
    <message>
        <source>gpuwarden-cli: no token in the keychain as &quot;%1&quot; any more
</source>
        <translation>gpuwarden-cli: kein Zugriffstoken mehr im Schlüsselbund als &quot;%1&quot;
</translation>
    </message>
    <message>
        <source>gpuwarden-cli: keychain, token %1 &quot;%2&quot;: %3
</source>
        <translation>gpuwarden-cli: Schlüsselbund, Zugriffstoken %1 &quot;%2&quot;: %3
</translation>
    </message>
    <message>
        <source>doctor --source URL asks an agent to check itself (an admin token); on the agent&apos;s machine, gpuwarden-agent doctor</source>
        <translation>doctor --source URL lässt einen Agenten sich selbst prüfen (ein Admin-Zugriffstoken); auf dem Rechner des Agenten gpuwarden-agent doctor</translation>
    </message>
    <message>
        <source>give --demo or --source, not both</source>
        <translation>--demo oder --source angeben, nicht beides</translation>
    </message>
    <message>
        <source>the demo fleet is simulated: nothing reserved</source>
        <translation>der Demo-Serverbestand ist simuliert: nichts reserviert</translation>
    </message>
    <message>
        <source>(no account)</source>
        <translation>(kein Konto)</translation>
    </message>
    <message>
        <source>me: the agent&apos;s Unix socket (default %1)</source>
        <translation>me: der Unix-Socket des Agenten (Standard %1)</translation>
    </message>
    <message>
        <source>%1 on %2 (reading of %3)</source>
        <translation>%1 auf %2 (Messung von %3)</translation>
    </message>
    <message>
        <source>%1: the agent has no reading yet</source>
        <translation>%1: der Agent hat noch keine Messung</translation>
    </message>
    <message>
        <source>  your processes: none on a GPU</source>
        <translation>  eigene Prozesse: keine auf einer GPU</translation>
    </message>
    <message>
        <source>  your processes: %1</source>
        <translation>  eigene Prozesse: %1</translation>
    </message>
    <message>
        <source>    PID %1  %2  GPU %3</source>
        <translation>    PID %1  %2  GPU %3</translation>
    </message>
    <message>
        <source>  %1 MiB</source>
        <translation>  %1 MiB</translation>
    </message>
    <message>
        <source>  account %1</source>
        <translation>  Konto %1</translation>
    </message>
    <message>
        <source>  the server: %1 of %2 GPUs in use, %3 yours; %4 other people with %5 processes; %6 callers waiting</source>
        <translation>  der Server: %1 von %2 GPUs in Benutzung, %3 eigene; %4 andere Personen mit %5 Prozessen; %6 Aufrufer warten</translation>
    </message>
    <message>
        <source>  event: %1</source>
        <translation>  Ereignis: %1</translation>
    </message>
    <message>
        <source>    next: %1 at %2%3</source>
        <translation>    als Nächstes: %1 um %2%3</translation>
    </message>
    <message>
        <source> (dry run: recorded, nothing done)</source>
        <translation> (Probelauf: aufgezeichnet, nichts getan)</translation>
    </message>
    <message>
        <source>  reserved: GPUs %1 until %2</source>
        <translation>  reserviert: GPUs %1 bis %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message>
        <source>  account: %1; caps: %2</source>
        <translation>  Konto: %1; Obergrenzen: %2</translation>
    </message>
    <message>
        <source>  fair share: %1 % of the server lately (quota %2 %); decayed usage %3 server-hours, factor %4</source>
        <translation>  fairer Anteil: zuletzt %1 % des Servers (Kontingent %2 %); abklingende Nutzung %3 Server-Stunden, Fair-Share-Faktor %4</translation>
    </message>
    <message>
        <source>  tokens: no token books on this server ([tokens] is off)</source>
        <translation>  Token: kein Token-Buch auf diesem Server ([tokens] ist aus)</translation>
    </message>
    <message>
        <source>  tokens: balance %1 (cut off at %2); holding what you hold costs %3 an hour</source>
        <translation>  Token: Guthaben %1 (gesperrt bei %2); das Halten der belegten GPUs kostet %3 pro Stunde</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keine</translation>
    </message>
    <message>
        <source>  usage %1: %2 GPU-hours; by model: %3; by account: %4</source>
        <translation>  Nutzung %1: %2 GPU-Stunden; nach Modell: %3; nach Konto: %4</translation>
    </message>
    <message>
        <source>today</source>
        <translation>heute</translation>
    </message>
    <message>
        <source>this month</source>
        <translation>diesen Monat</translation>
    </message>
    <message>
        <source>cannot reach the agent at %1: %2 (is gpuwarden-agent running with [agent] socket = &quot;%1&quot;?)</source>
        <translation>Agent unter %1 nicht erreichbar: %2 (läuft gpuwarden-agent mit [agent] socket = &quot;%1&quot;?)</translation>
    </message>
    <message>
        <source>the agent at %1 did not answer with a standing (%2)</source>
        <translation>der Agent unter %1 hat nicht mit einem Stand geantwortet (%2)</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>the agent at %1: %2</source>
        <translation>der Agent unter %1: %2</translation>
    </message>
    <message>
        <source>report: --by &quot;%1&quot; is not known (user, account or job)</source>
        <translation>report: --by &quot;%1&quot; ist unbekannt (user, account oder job)</translation>
    </message>
    <message>
        <source>report: --by is for one CSV table (the PDF and --split hold every table)</source>
        <translation>report: --by ist für eine CSV-Tabelle (das PDF und --split enthalten jede Tabelle)</translation>
    </message>
    <message>
        <source>report --by account: no process in the range had an account (a Slurm job&apos;s, a label&apos;s or an [owners] rule&apos;s); the table is empty</source>
        <translation>report --by account: kein Prozess im Zeitraum hatte ein Konto (das eines Slurm-Jobs, eines Labels oder einer [owners]-Regel); die Tabelle ist leer</translation>
    </message>
    <message>
        <source>report --by job: no Slurm job held a GPU in the range; the table is empty</source>
        <translation>report --by job: kein Slurm-Job hat im Zeitraum eine GPU belegt; die Tabelle ist leer</translation>
    </message>
    <message>
        <source>report --by user: no GPU time was charged to anyone in the range; the table is empty</source>
        <translation>report --by user: im Zeitraum wurde niemandem GPU-Zeit berechnet; die Tabelle ist leer</translation>
    </message>
    <message>
        <source>run --demo: the demo fleet&apos;s GPUs are simulated and cannot run a command (select --demo and wait --demo answer from the demo fleet)</source>
        <translation>run --demo: die GPUs des Demo-Serverbestands sind simuliert und können keinen Befehl ausführen (select --demo und wait --demo antworten aus dem Demo-Serverbestand)</translation>
    </message>
    <message>
        <source>%1: %2 is missing (%3)</source>
        <translation>%1: %2 fehlt (%3)</translation>
    </message>
    <message>
        <source>%1: too many arguments (%2): %3</source>
        <translation>%1: zu viele Argumente (%2): %3</translation>
    </message>
    <message>
        <source>a percentage from %1 to %2</source>
        <translation>ein Prozentsatz von %1 bis %2</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation>eine ganze Zahl von %1 bis %2</translation>
    </message>
    <message>
        <source>--%1: %2</source>
        <translation>--%1: %2</translation>
    </message>
    <message>
        <source>--%1 must be %2, not &quot;%3&quot;</source>
        <translation>--%1 muss %2 sein, nicht &quot;%3&quot;</translation>
    </message>
    <message>
        <source>%1 does not take --%2 (an option of %3)</source>
        <translation>%1 nimmt --%2 nicht an (eine Option von %3)</translation>
    </message>
    <message>
        <source>--demo-servers is the size of the demo fleet: give --demo with it</source>
        <translation>--demo-servers ist die Größe des Demo-Serverbestands: --demo dazu angeben</translation>
    </message>
    <message>
        <source>replay: what if [quota] half_life were DURATION (1h–90d); the fair share each user ends with is printed</source>
        <translation>replay: was wäre, wenn [quota] half_life DAUER (1h–90d) wäre; der faire Anteil, mit dem jeder Benutzer endet, wird ausgegeben</translation>
    </message>
    <message>
        <source>replay: what if user NAME&apos;s [quota] share were PERCENT (repeatable)</source>
        <translation>replay: was wäre, wenn [quota] share von Benutzer NAME PROZENT wäre (wiederholbar)</translation>
    </message>
    <message>
        <source>--half-life: &quot;%1&quot; is not a duration from 1h to 90d%2</source>
        <translation>--half-life: &quot;%1&quot; ist keine Dauer von 1h bis 90d%2</translation>
    </message>
    <message>
        <source>--share: &quot;%1&quot; is not NAME=PERCENT with a percent from 0 to 100</source>
        <translation>--share: &quot;%1&quot; ist nicht NAME=PROZENT mit einem Prozentwert von 0 bis 100</translation>
    </message>
    <message>
        <source>%1 %2 h, factor %3</source>
        <translation>%1 %2 h, Fair-Share-Faktor %3</translation>
    </message>
    <message>
        <source>account %1 %2 h%3</source>
        <translation>Konto %1 %2 h%3</translation>
    </message>
    <message>
        <source>, factor %1</source>
        <translation>, Fair-Share-Faktor %1</translation>
    </message>
    <message>
        <source>fair share at the end, %1: %2
</source>
        <translation>fairer Anteil am Ende, %1: %2
</translation>
    </message>
    <message>
        <source>no usage remembered</source>
        <translation>keine Nutzung gespeichert</translation>
    </message>
    <message>
        <source>replay: the range is empty (--to must be after --from)
</source>
        <translation>replay: der Zeitraum ist leer (--to muss nach --from liegen)
</translation>
    </message>
    <message>
        <source>note: the history keeps no GPU power limit, so idle confirm_power checks only that memory stays flat
</source>
        <translation>Hinweis: der Verlauf speichert kein GPU-Leistungslimit, daher prüft idle confirm_power nur, dass der Speicher konstant bleibt
</translation>
    </message>
    <message>
        <source>%1: %2 readings of %3 replayed (%4 outside the range): %5 hog, %6 idle, %7 fair-share events (policy: %8)
</source>
        <translation>%1: %2 Messungen von %3 nachgespielt (%4 außerhalb des Zeitraums): Ereignisse: %5 Vereinnahmung, %6 ungenutzt, %7 fairer Anteil (Richtlinie: %8)
</translation>
    </message>
    <message>
        <source>1 server</source>
        <translation>1 Server</translation>
    </message>
    <message>
        <source>%1 servers</source>
        <translation>%1 Server</translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation>eingebaute Standardwerte</translation>
    </message>
    <message>
        <source>what if: half-life %1%2
</source>
        <translation>was wäre, wenn: Halbwertszeit %1%2
</translation>
    </message>
    <message>
        <source>, %1 share(s) replaced</source>
        <translation>, %1 Anteil(e) ersetzt</translation>
    </message>
</context>
<context>
    <name>gw::coord</name>
    <message>
        <source>quota %1 for %2, as in effect now</source>
        <translation>Kontingent %1 für %2, wie derzeit gültig</translation>
    </message>
    <message>
        <source>quota %1 for %2 from [quota.users]</source>
        <translation>Kontingent %1 für %2 aus [quota.users]</translation>
    </message>
    <message>
        <source>default quota %1 (%2 has no quota of their own in effect now)</source>
        <translation>Standardkontingent %1 (%2 hat derzeit kein eigenes gültiges Kontingent)</translation>
    </message>
    <message>
        <source>load %1 is in band %2 (up to %3)</source>
        <translation>Last %1 liegt in Stufe %2 (bis %3)</translation>
    </message>
    <message>
        <source>unknown priority &quot;%1&quot; (high, normal or low)</source>
        <translation>unbekannte Priorität &quot;%1&quot; (high, normal oder low)</translation>
    </message>
    <message>
        <source>adaptive quotas are off: ×1</source>
        <translation>adaptive Kontingente sind aus: ×1</translation>
    </message>
    <message>
        <source>high priority keeps its quota under load: ×1 (%1: ×%2 for others)</source>
        <translation>hohe Priorität behält ihr Kontingent unter Last: ×1 (%1: ×%2 für andere)</translation>
    </message>
    <message>
        <source>%1: ×%2</source>
        <translation>%1: ×%2</translation>
    </message>
    <message>
        <source>defensive mode: hogs for %1 of the last %2 (over %3): ×%4</source>
        <translation>defensiver Modus: Vereinnahmungen während %1 der letzten %2 (über %3): ×%4</translation>
    </message>
    <message>
        <source>not defensive: hogs for %1 of the last %2 (at most %3): ×1</source>
        <translation>nicht defensiv: Vereinnahmungen während %1 der letzten %2 (höchstens %3): ×1</translation>
    </message>
    <message>
        <source>low priority pauses first: the server is in its top load band (%1)</source>
        <translation>niedrige Priorität pausiert zuerst: der Server ist in seiner höchsten Laststufe (%1)</translation>
    </message>
    <message>
        <source>low priority pauses first: the server is in defensive mode</source>
        <translation>niedrige Priorität pausiert zuerst: der Server ist im defensiven Modus</translation>
    </message>
    <message>
        <source>%1 uses %2 of the server, under the %3 allowed</source>
        <translation>%1 nutzt %2 des Servers, unter den erlaubten %3</translation>
    </message>
    <message>
        <source>%1 uses %2 of the server, at or over the %3 allowed</source>
        <translation>%1 nutzt %2 des Servers, auf oder über den erlaubten %3</translation>
    </message>
    <message>
        <source>start now: %1</source>
        <translation>jetzt starten: %1</translation>
    </message>
    <message>
        <source>wait %1 s: %2</source>
        <translation>%1 s warten: %2</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>unbekannter Schlüssel</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot;</source>
        <translation>unbekannter Schlüssel &quot;%1&quot;</translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation> (vielleicht &quot;%1&quot;?)</translation>
    </message>
    <message>
        <source> (known: tp, pp, dp, cp, dcp or their long spellings such as tensor-parallel-size)</source>
        <translation> (bekannt: tp, pp, dp, cp, dcp oder ihre langen Schreibweisen wie tensor-parallel-size)</translation>
    </message>
    <message>
        <source>must be a whole number from 1 to %1</source>
        <translation>muss eine ganze Zahl von 1 bis %1 sein</translation>
    </message>
    <message>
        <source>%1 is given twice (&quot;%2&quot; and &quot;%3&quot;)</source>
        <translation>%1 ist doppelt angegeben (&quot;%2&quot; und &quot;%3&quot;)</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>: the top level must be an object</source>
        <translation>: die oberste Ebene muss ein Objekt sein</translation>
    </message>
    <message>
        <source>, not %1</source>
        <translation>, nicht %1</translation>
    </message>
    <message>
        <source>must be a string, not %1</source>
        <translation>muss eine Zeichenkette sein, nicht %1</translation>
    </message>
    <message>
        <source>must be an object, not %1</source>
        <translation>muss ein Objekt sein, nicht %1</translation>
    </message>
    <message>
        <source>a table</source>
        <translation>eine Tabelle</translation>
    </message>
    <message>
        <source>a date or time</source>
        <translation>ein Datum oder eine Uhrzeit</translation>
    </message>
    <message>
        <source>%1 </source>
        <translation>%1 </translation>
    </message>
    <message>
        <source>model must be a string, not %1</source>
        <translation>model muss eine Zeichenkette sein, nicht %1</translation>
    </message>
    <message>
        <source>parallelism must be a table, not %1</source>
        <translation>parallelism muss eine Tabelle sein, nicht %1</translation>
    </message>
    <message>
        <source>no parallelism given: write it as &quot;tp=4,pp=2,dp=1&quot;</source>
        <translation>keine Parallelität angegeben: als &quot;tp=4,pp=2,dp=1&quot; schreiben</translation>
    </message>
    <message>
        <source>empty item in &quot;%1&quot;: items are key=value, separated by commas</source>
        <translation>leerer Eintrag in &quot;%1&quot;: Einträge sind key=value, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not key=value: write it as &quot;tp=4,pp=2,dp=1&quot;</source>
        <translation>&quot;%1&quot; ist nicht key=value: als &quot;tp=4,pp=2,dp=1&quot; schreiben</translation>
    </message>
    <message>
        <source>, not &quot;%1&quot;</source>
        <translation>, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot read the task file %1</source>
        <translation>die Aufgabendatei %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>no model named</source>
        <translation>kein Modell genannt</translation>
    </message>
    <message>
        <source>no parameter count in the name</source>
        <translation>keine Parameterzahl im Namen</translation>
    </message>
    <message>
        <source>%1 parameters (65B or more)</source>
        <translation>%1 Parameter (65B oder mehr)</translation>
    </message>
    <message>
        <source>%1 parameters (7B to under 65B)</source>
        <translation>%1 Parameter (7B bis unter 65B)</translation>
    </message>
    <message>
        <source>%1 parameters (under 7B)</source>
        <translation>%1 Parameter (unter 7B)</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>GPU-Speicher pro GPU</translation>
    </message>
    <message>
        <source>%1: %2 → %3 MiB per GPU (model-size heuristic; --min-free overrides it)</source>
        <translation>%1: %2 → %3 MiB pro GPU (Heuristik nach Modellgröße; --min-free hat Vorrang)</translation>
    </message>
    <message>
        <source>no memory size given: write it as &quot;8GiB&quot;, &quot;512MiB&quot; or a number of MiB</source>
        <translation>keine Speichergröße angegeben: als &quot;8GiB&quot;, &quot;512MiB&quot; oder Anzahl MiB schreiben</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a memory size: write it as &quot;8GiB&quot;, &quot;512MiB&quot; or a number of MiB</source>
        <translation>&quot;%1&quot; ist keine Speichergröße: als &quot;8GiB&quot;, &quot;512MiB&quot; oder Anzahl MiB schreiben</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no memory: the size must be at least 1 MiB</source>
        <translation>&quot;%1&quot; ist kein Speicher: die Größe muss mindestens 1 MiB betragen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is more than 1 TiB per GPU</source>
        <translation>&quot;%1&quot; ist mehr als 1 TiB pro GPU</translation>
    </message>
</context>
<context>
    <name>gw::owners</name>
    <message>
        <source>the cgroup file is %1 bytes, more than the %2 read: only its start is read</source>
        <translation>die cgroup-Datei hat %1 Bytes, mehr als die gelesenen %2: nur ihr Anfang wird gelesen</translation>
    </message>
    <message>
        <source>line %1: the file ends inside this line (cut short?): the line is not read</source>
        <translation>Zeile %1: die Datei endet innerhalb dieser Zeile (abgeschnitten?): die Zeile wird nicht gelesen</translation>
    </message>
    <message>
        <source>line %1: not &quot;hierarchy-ID:controllers:path&quot;: %2</source>
        <translation>Zeile %1: nicht &quot;hierarchy-ID:controllers:path&quot;: %2</translation>
    </message>
    <message>
        <source>the reply ends inside its chunked body</source>
        <translation>die Antwort endet innerhalb ihres Chunked-Bodys</translation>
    </message>
    <message>
        <source>a chunk size of the reply is not a hex number: &quot;%1&quot;</source>
        <translation>eine Chunk-Größe der Antwort ist keine Hexadezimalzahl: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the reply is over %1 bytes</source>
        <translation>die Antwort ist größer als %1 Bytes</translation>
    </message>
    <message>
        <source>no reply</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>the reply ends before its headers do</source>
        <translation>die Antwort endet vor dem Ende ihrer Header</translation>
    </message>
    <message>
        <source>not an HTTP reply: &quot;%1&quot;</source>
        <translation>keine HTTP-Antwort: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the reply&apos;s Content-Length is not a size: &quot;%1&quot;</source>
        <translation>die Content-Length der Antwort ist keine Größe: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the reply ends after %1 of its %2 bytes</source>
        <translation>die Antwort endet nach %1 ihrer %2 Bytes</translation>
    </message>
    <message>
        <source>the container&apos;s JSON is malformed at offset %1: %2</source>
        <translation>das JSON des Containers ist bei Offset %1 fehlerhaft: %2</translation>
    </message>
    <message>
        <source>the container&apos;s JSON is not an object</source>
        <translation>das JSON des Containers ist kein Objekt</translation>
    </message>
    <message>
        <source>the container&apos;s JSON has no Id</source>
        <translation>das JSON des Containers hat keine Id</translation>
    </message>
    <message>
        <source>the container&apos;s label &quot;%1&quot; is not a string</source>
        <translation>das Label &quot;%1&quot; des Containers ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>the kubelet&apos;s reply is not a ListPodResourcesResponse</source>
        <translation>die Antwort des Kubelets ist keine ListPodResourcesResponse</translation>
    </message>
    <message>
        <source>the kubelet&apos;s reply is not an AllocatableResourcesResponse</source>
        <translation>die Antwort des Kubelets ist keine AllocatableResourcesResponse</translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation>Slurm-Job %1</translation>
    </message>
    <message>
        <source>container %1</source>
        <translation>Container %1</translation>
    </message>
    <message>
        <source>pod %1/%2</source>
        <translation>Pod %1/%2</translation>
    </message>
    <message>
        <source>label %1 of %2</source>
        <translation>Label %1 von %2</translation>
    </message>
    <message>
        <source>namespace %1%2</source>
        <translation>Namensraum %1%2</translation>
    </message>
    <message>
        <source>container name %1 matches &quot;%2&quot;%3</source>
        <translation>Containername %1 passt zu &quot;%2&quot;%3</translation>
    </message>
    <message>
        <source>the process&apos;s user</source>
        <translation>der Benutzer des Prozesses</translation>
    </message>
    <message>
        <source>%1 (root inside, no rule names a person)</source>
        <translation>%1 (root im Container, keine Regel nennt eine Person)</translation>
    </message>
    <message>
        <source>scontrol: no JobId in &quot;%1&quot;</source>
        <translation>scontrol: keine JobId in &quot;%1&quot;</translation>
    </message>
    <message>
        <source>scontrol: JobId &quot;%1&quot; is not a number</source>
        <translation>scontrol: JobId &quot;%1&quot; ist keine Zahl</translation>
    </message>
    <message>
        <source>scontrol: job %1: UserId &quot;%2&quot; is not name(uid)</source>
        <translation>scontrol: Job %1: UserId &quot;%2&quot; ist nicht name(uid)</translation>
    </message>
    <message>
        <source>scontrol listpids: line %1 is not &quot;PID JOBID STEPID …&quot;: %2</source>
        <translation>scontrol listpids: Zeile %1 ist nicht &quot;PID JOBID STEPID …&quot;: %2</translation>
    </message>
    <message>
        <source>%1: no answer within %2 ms</source>
        <translation>%1: keine Antwort innerhalb von %2 ms</translation>
    </message>
    <message>
        <source>%1: the reply is over %2 bytes</source>
        <translation>%1: die Antwort ist größer als %2 Bytes</translation>
    </message>
    <message>
        <source>%1: no such socket (is the daemon running?)</source>
        <translation>%1: kein solcher Socket (läuft der Daemon?)</translation>
    </message>
    <message>
        <source>%1: HTTP %2: %3</source>
        <translation>%1: HTTP %2: %3</translation>
    </message>
    <message>
        <source>no such container</source>
        <translation>kein solcher Container</translation>
    </message>
    <message>
        <source>%1: no such socket (no kubelet on this node, or its pod-resources folder is not mounted into the agent&apos;s container)</source>
        <translation>%1: kein solcher Socket (kein Kubelet auf diesem Knoten, oder sein pod-resources-Ordner ist nicht in den Container des Agenten eingehängt)</translation>
    </message>
    <message>
        <source>%1: permission denied (the agent needs root, or write access to the socket)</source>
        <translation>%1: Zugriff verweigert (der Agent braucht root oder Schreibzugriff auf den Socket)</translation>
    </message>
    <message>
        <source>%1: no answer to List within %2 ms</source>
        <translation>%1: keine Antwort auf List innerhalb von %2 ms</translation>
    </message>
    <message>
        <source>%1: the kubelet has no v1 pod-resources API (Kubernetes before 1.20)</source>
        <translation>%1: das Kubelet hat keine v1-pod-resources-API (Kubernetes vor 1.20)</translation>
    </message>
    <message>
        <source>%1: List failed: %2 (%3)</source>
        <translation>%1: List fehlgeschlagen: %2 (%3)</translation>
    </message>
    <message>
        <source>%1: the kubelet has no GetAllocatableResources (Kubernetes before 1.21): which GPUs it may assign is not known, which pod holds which GPU still is</source>
        <translation>%1: das Kubelet hat kein GetAllocatableResources (Kubernetes vor 1.21): welche GPUs es zuweisen darf, ist unbekannt; welcher Pod welche GPU hält, ist weiterhin bekannt</translation>
    </message>
    <message>
        <source>%1: GetAllocatableResources failed: %2 (%3)</source>
        <translation>%1: GetAllocatableResources fehlgeschlagen: %2 (%3)</translation>
    </message>
</context>
<context>
    <name>gw::owners::OwnerResolver</name>
    <message>
        <source>pod names are not available: %1</source>
        <translation>Pod-Namen sind nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>pod %1 runs on %2, which the kubelet assigned to pod %3/%4, while another GPU showed it to be pod %5/%6: its pod is not named</source>
        <translation>Pod %1 läuft auf %2, die das Kubelet Pod %3/%4 zugewiesen hat, während eine andere GPU ihn als Pod %5/%6 zeigte: sein Pod wird nicht benannt</translation>
    </message>
    <message>
        <source>container names are not available: %1</source>
        <translation>Containernamen sind nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Slurm job names are not available: %1</source>
        <translation>Namen von Slurm-Jobs sind nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 ms</source>
        <translation>%1 hat nicht innerhalb von %2 ms geantwortet</translation>
    </message>
    <message>
        <source>scontrol show job %1: %2</source>
        <translation>scontrol show job %1: %2</translation>
    </message>
</context>
<context>
    <name>gw::owners::SlurmCanceller</name>
    <message>
        <source>no such job</source>
        <translation>kein solcher Job</translation>
    </message>
    <message>
        <source>%1 %2 did not end within %3 ms</source>
        <translation>%1 %2 endete nicht innerhalb von %3 ms</translation>
    </message>
    <message>
        <source>%1 %2 crashed</source>
        <translation>%1 %2 ist abgestürzt</translation>
    </message>
    <message>
        <source>%1 %2 exited with %3, saying nothing</source>
        <translation>%1 %2 endete mit %3 ohne Ausgabe</translation>
    </message>
    <message>
        <source>%1 %2 exited with %3: %4</source>
        <translation>%1 %2 endete mit %3: %4</translation>
    </message>
</context>
<context>
    <name>gw::owners::WorkloadStopper</name>
    <message>
        <source>the Engine API at %1</source>
        <translation>die Engine-API unter %1</translation>
    </message>
    <message>
        <source>%1 is not stopped by GPU Warden (docs/enforcement.md)</source>
        <translation>%1 wird von GPU Warden nicht gestoppt (docs/enforcement.md)</translation>
    </message>
</context>
<context>
    <name>gw::policy</name>
    <message>
        <source>%1: valid
</source>
        <translation>%1: gültig
</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>Warnung: </translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; in %2</source>
        <translation>unbekannter Schlüssel &quot;%1&quot; in %2</translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation> (vielleicht &quot;%1&quot;?)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>&quot;%1&quot; muss true oder false sein</translation>
    </message>
    <message>
        <source>%1 must be a string in quotes</source>
        <translation>%1 muss eine Zeichenkette in Anführungszeichen sein</translation>
    </message>
    <message>
        <source>%1 must be a number</source>
        <translation>%1 muss eine Zahl sein</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not %4</source>
        <translation>%1 muss zwischen %2 und %3 liegen, nicht %4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not &quot;%4&quot;</source>
        <translation>%1 muss zwischen %2 und %3 liegen, nicht &quot;%4&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be %2, not &quot;%3&quot;</source>
        <translation>&quot;%1&quot; muss %2 sein, nicht &quot;%3&quot;</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>each entry of &quot;%1&quot;</source>
        <translation>jeder Eintrag von &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name</source>
        <translation>&quot;%1&quot; ist kein gültiger Benutzername</translation>
    </message>
    <message>
        <source>an entry of &quot;%1&quot; is empty</source>
        <translation>ein Eintrag von &quot;%1&quot; ist leer</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is listed twice</source>
        <translation>&quot;%1&quot; ist doppelt aufgeführt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid group name</source>
        <translation>&quot;%1&quot; in %2 ist kein gültiger Gruppenname</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid user name</source>
        <translation>&quot;%1&quot; in %2 ist kein gültiger Benutzername</translation>
    </message>
    <message>
        <source>%1 needs a &quot;share&quot;</source>
        <translation>%1 benötigt ein &quot;share&quot;</translation>
    </message>
    <message>
        <source>the share of %1</source>
        <translation>der Anteil von %1</translation>
    </message>
    <message>
        <source>each entry of &quot;windows&quot;</source>
        <translation>jeder Eintrag von &quot;windows&quot;</translation>
    </message>
    <message>
        <source>window &quot;%1&quot;: %2</source>
        <translation>Zeitfenster &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>&quot;windows&quot; is empty: leave it out for a quota that always applies</source>
        <translation>&quot;windows&quot; ist leer: für ein Kontingent, das immer gilt, weglassen</translation>
    </message>
    <message>
        <source>%1 must be a share (0-100) or { share = …, windows = [...] }</source>
        <translation>%1 muss ein Anteil (0-100) oder { share = …, windows = [...] } sein</translation>
    </message>
    <message>
        <source>the users&apos; shares add up to %1 %, more than the server has; each is still a ceiling</source>
        <translation>die Anteile der Benutzer ergeben zusammen %1 %, mehr als der Server hat; jeder bleibt ein Höchstwert</translation>
    </message>
    <message>
        <source>%1 must be a finite number, not %2</source>
        <translation>%1 muss eine endliche Zahl sein, nicht %2</translation>
    </message>
    <message>
        <source>%1 must be %2, not %3</source>
        <translation>%1 muss %2 sein, nicht %3</translation>
    </message>
    <message>
        <source>0 or below</source>
        <translation>0 oder weniger</translation>
    </message>
    <message>
        <source>0 or more</source>
        <translation>0 oder mehr</translation>
    </message>
    <message>
        <source>a pattern in [tokens.prices] is empty: write a part of the GPU&apos;s name, such as &quot;RTX 3090&quot;</source>
        <translation>ein Muster in [tokens.prices] ist leer: einen Teil des GPU-Namens angeben, etwa &quot;RTX 3090&quot;</translation>
    </message>
    <message>
        <source>price &quot;%1&quot; repeats &quot;%2&quot; (line %3); patterns are matched ignoring case</source>
        <translation>Preis &quot;%1&quot; wiederholt &quot;%2&quot; (Zeile %3); Muster werden ohne Beachtung der Groß-/Kleinschreibung verglichen</translation>
    </message>
    <message>
        <source>the price of &quot;%1&quot;</source>
        <translation>der Preis von &quot;%1&quot;</translation>
    </message>
    <message>
        <source>0 or more tokens per GPU-hour</source>
        <translation>0 oder mehr Token pro GPU-Stunde</translation>
    </message>
    <message>
        <source>a pattern in %1 is empty: write a container&apos;s name, with * for any run of characters and ? for one, such as &quot;train-*&quot;</source>
        <translation>ein Muster in %1 ist leer: einen Containernamen angeben, mit * für beliebig viele Zeichen und ? für eines, etwa &quot;train-*&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a Kubernetes namespace (lower-case letters, digits and &apos;-&apos;, at most 63 characters)</source>
        <translation>&quot;%1&quot; in %2 ist kein Kubernetes-Namespace (Kleinbuchstaben, Ziffern und &apos;-&apos;, höchstens 63 Zeichen)</translation>
    </message>
    <message>
        <source>%1 must be { user = &quot;…&quot;, account = &quot;…&quot; }</source>
        <translation>%1 muss { user = &quot;…&quot;, account = &quot;…&quot; } sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; of %2</source>
        <translation>&quot;%1&quot; von %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; of %2 is empty: leave it out instead</source>
        <translation>&quot;%1&quot; von %2 ist leer: stattdessen weglassen</translation>
    </message>
    <message>
        <source>%1 names neither a &quot;user&quot; nor an &quot;account&quot;</source>
        <translation>%1 nennt weder &quot;user&quot; noch &quot;account&quot;</translation>
    </message>
    <message>
        <source>; an account is a table, [accounts.%1]</source>
        <translation>; ein Konto ist eine Tabelle, [accounts.%1]</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an account name (letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, at most 64 characters)</source>
        <translation>&quot;%1&quot; ist kein Kontoname (Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos;, höchstens 64 Zeichen)</translation>
    </message>
    <message>
        <source>each member of %1</source>
        <translation>jedes Mitglied von %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a user name or &quot;@group&quot;</source>
        <translation>&quot;%1&quot; in %2 ist kein Benutzername und kein &quot;@group&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a member of %2 and of [accounts.%3] (line %4): a person&apos;s use is charged to one account; a job names another through its Slurm account or its labels</source>
        <translation>&quot;%1&quot; ist Mitglied von %2 und von [accounts.%3] (Zeile %4): die Nutzung einer Person wird einem Konto angerechnet; ein Job nennt ein anderes über sein Slurm-Konto oder seine Labels</translation>
    </message>
    <message>
        <source>%1 must be a whole number of GPUs</source>
        <translation>%1 muss eine ganze Zahl von GPUs sein</translation>
    </message>
    <message>
        <source>&quot;share&quot; of %1</source>
        <translation>&quot;share&quot; von %1</translation>
    </message>
    <message>
        <source>%1: &quot;max_gpus_per_member&quot; (%2) is more than &quot;max_gpus&quot; (%3): no member can reach it</source>
        <translation>%1: &quot;max_gpus_per_member&quot; (%2) ist größer als &quot;max_gpus&quot; (%3): kein Mitglied kann es erreichen</translation>
    </message>
    <message>
        <source>the accounts&apos; shares add up to %1 %, more than the server has</source>
        <translation>die Anteile der Konten ergeben zusammen %1 %, mehr als der Server hat</translation>
    </message>
    <message>
        <source>is not a valid URL, such as &quot;https://host.example.org/…&quot;</source>
        <translation>ist keine gültige URL, etwa &quot;https://host.example.org/…&quot;</translation>
    </message>
    <message>
        <source>must be an http:// or https:// URL</source>
        <translation>muss eine http://- oder https://-URL sein</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; %3</source>
        <translation>%1: &quot;%2&quot; %3</translation>
    </message>
    <message>
        <source>is not an e-mail address, such as &quot;alice@lab.example.org&quot;</source>
        <translation>ist keine E-Mail-Adresse, etwa &quot;alice@lab.example.org&quot;</translation>
    </message>
    <message>
        <source>is not a Matrix room id, such as &quot;!AbCdEf:matrix.example.org&quot; (a room the agent&apos;s account is in, such as a direct chat)</source>
        <translation>ist keine Matrix-Raum-ID, etwa &quot;!AbCdEf:matrix.example.org&quot; (ein Raum, in dem das Konto des Agenten Mitglied ist, etwa ein Direktchat)</translation>
    </message>
    <message>
        <source>is not a language code, such as &quot;de&quot;</source>
        <translation>ist kein Sprachcode, etwa &quot;de&quot;</translation>
    </message>
    <message>
        <source>; a person&apos;s contacts are a table, [contacts.%1]</source>
        <translation>; die Kontakte einer Person sind eine Tabelle, [contacts.%1]</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a user name</source>
        <translation>&quot;%1&quot; ist kein Benutzername</translation>
    </message>
    <message>
        <source>must be an absolute path</source>
        <translation>muss ein absoluter Pfad sein</translation>
    </message>
    <message>
        <source>is not an address pattern, such as &quot;{user}@example.org&quot; ({user} is the only placeholder)</source>
        <translation>ist kein Adressmuster, etwa &quot;{user}@example.org&quot; ({user} ist der einzige Platzhalter)</translation>
    </message>
    <message>
        <source>is not a relay, such as &quot;smtp://mail.example.org:25&quot;</source>
        <translation>ist kein Relay, etwa &quot;smtp://mail.example.org:25&quot;</translation>
    </message>
    <message>
        <source>is not an e-mail address, such as &quot;gpuwarden@lab.example.org&quot;</source>
        <translation>ist keine E-Mail-Adresse, etwa &quot;gpuwarden@lab.example.org&quot;</translation>
    </message>
    <message>
        <source>is not a language code, such as &quot;en&quot; or &quot;de&quot;</source>
        <translation>ist kein Sprachcode, etwa &quot;en&quot; oder &quot;de&quot;</translation>
    </message>
    <message>
        <source>each entry of &quot;warnings&quot;</source>
        <translation>jeder Eintrag von &quot;warnings&quot;</translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; must be shorter than &quot;time_window&quot; (%2)</source>
        <translation>Warnung &quot;%1&quot; muss kürzer als &quot;time_window&quot; (%2) sein</translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; is given twice</source>
        <translation>Warnung &quot;%1&quot; ist doppelt angegeben</translation>
    </message>
    <message>
        <source>each band ({ up_to = …, multiplier = … })</source>
        <translation>jede Stufe ({ up_to = …, multiplier = … })</translation>
    </message>
    <message>
        <source>a band</source>
        <translation>eine Stufe</translation>
    </message>
    <message>
        <source>a band needs &quot;up_to&quot; (percent busy) and &quot;multiplier&quot; (0-1)</source>
        <translation>eine Stufe benötigt &quot;up_to&quot; (Auslastung in Prozent) und &quot;multiplier&quot; (0-1)</translation>
    </message>
    <message>
        <source>bands must go up: &quot;up_to&quot; %1 after %2</source>
        <translation>Stufen müssen aufsteigen: &quot;up_to&quot; %1 nach %2</translation>
    </message>
    <message>
        <source>&quot;up_to&quot; must be above 0</source>
        <translation>&quot;up_to&quot; muss über 0 liegen</translation>
    </message>
    <message>
        <source>&quot;bands&quot; is empty</source>
        <translation>&quot;bands&quot; ist leer</translation>
    </message>
    <message>
        <source>the last band must reach &quot;up_to&quot; = 100, not %1, so every load has one</source>
        <translation>die letzte Stufe muss &quot;up_to&quot; = 100 erreichen, nicht %1, damit jede Last eine hat</translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; is not a valid URL, such as &quot;https://hooks.example.com/services/…&quot;</source>
        <translation>&quot;webhook_url&quot;: &quot;%1&quot; ist keine gültige URL, etwa &quot;https://hooks.example.com/services/…&quot;</translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; must be an http:// or https:// URL</source>
        <translation>&quot;webhook_url&quot;: &quot;%1&quot; muss eine http://- oder https://-URL sein</translation>
    </message>
    <message>
        <source>&quot;time_zone&quot; is empty: leave it out for this machine&apos;s zone</source>
        <translation>&quot;time_zone&quot; ist leer: für die Zeitzone dieses Rechners weglassen</translation>
    </message>
    <message>
        <source>&quot;time_zone&quot;: &quot;%1&quot; is not a known time zone; write an IANA name such as &quot;Europe/Berlin&quot; or &quot;UTC&quot;</source>
        <translation>&quot;time_zone&quot;: &quot;%1&quot; ist keine bekannte Zeitzone; einen IANA-Namen wie &quot;Europe/Berlin&quot; oder &quot;UTC&quot; angeben</translation>
    </message>
    <message>
        <source>&quot;currency&quot;: &quot;%1&quot; is not a currency as a report writes it: 1 to 8 characters, no spaces, such as &quot;EUR&quot; or &quot;€&quot;</source>
        <translation>&quot;currency&quot;: &quot;%1&quot; ist keine Währung, wie ein Bericht sie schreibt: 1 bis 8 Zeichen, keine Leerzeichen, etwa &quot;EUR&quot; oder &quot;€&quot;</translation>
    </message>
    <message>
        <source>%1 must be a whole number</source>
        <translation>%1 muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>%1 must be a whole number of %2</source>
        <translation>%1 muss eine ganze Zahl von %2 sein</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a label key (no spaces, no &apos;=&apos;); write &quot;&quot; for none</source>
        <translation>%1: &quot;%2&quot; ist kein Label-Schlüssel (keine Leerzeichen, kein &apos;=&apos;); &quot;&quot; für keinen schreiben</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_namespaces&quot; is not a Kubernetes namespace (lower-case letters, digits and &apos;-&apos;, at most 63 characters)</source>
        <translation>&quot;%1&quot; in &quot;exempt_namespaces&quot; ist kein Kubernetes-Namespace (Kleinbuchstaben, Ziffern und &apos;-&apos;, höchstens 63 Zeichen)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_labels&quot; is not a label: write &quot;key=value&quot;, or &quot;key&quot; for any value</source>
        <translation>&quot;%1&quot; in &quot;exempt_labels&quot; ist kein Label: &quot;key=value&quot; schreiben, oder &quot;key&quot; für jeden Wert</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_jobs&quot; is not a Slurm job id (a number, such as &quot;1234&quot;)</source>
        <translation>&quot;%1&quot; in &quot;exempt_jobs&quot; ist keine Slurm-Job-ID (eine Zahl, etwa &quot;1234&quot;)</translation>
    </message>
    <message>
        <source>[allocate]: &quot;free_memory_weight&quot; and &quot;idle_weight&quot; are both 0: every GPU would score the same</source>
        <translation>[allocate]: &quot;free_memory_weight&quot; und &quot;idle_weight&quot; sind beide 0: jede GPU erhielte dieselbe Bewertung</translation>
    </message>
    <message>
        <source>[energy]: &quot;currency&quot; without &quot;price_per_kwh&quot;: the report shows no cost</source>
        <translation>[energy]: &quot;currency&quot; ohne &quot;price_per_kwh&quot;: der Bericht zeigt keine Kosten</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day HH:MM</source>
        <translation>&quot;%1&quot; ist keine Uhrzeit HH:MM</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day (00:00 to 23:59, or 24:00 as an end)</source>
        <translation>&quot;%1&quot; ist keine Uhrzeit (00:00 bis 23:59, oder 24:00 als Ende)</translation>
    </message>
    <message>
        <source>write days and a time range, such as &quot;Mon-Fri 09:00-17:00&quot;</source>
        <translation>Tage und einen Zeitbereich angeben, etwa &quot;Mon-Fri 09:00-17:00&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a day or a range of days (Mon, Tue, Wed, Thu, Fri, Sat, Sun; &quot;Mon-Fri&quot;, &quot;Sat,Sun&quot;)</source>
        <translation>&quot;%1&quot; ist kein Tag und kein Bereich von Tagen (Mon, Tue, Wed, Thu, Fri, Sat, Sun; &quot;Mon-Fri&quot;, &quot;Sat,Sun&quot;)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time range such as 09:00-17:00</source>
        <translation>&quot;%1&quot; ist kein Zeitbereich wie 09:00-17:00</translation>
    </message>
    <message>
        <source>the window starts and ends at the same time</source>
        <translation>das Zeitfenster beginnt und endet zur selben Zeit</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration: write a whole number and s, m, h or d, such as &quot;30s&quot;, &quot;10m&quot;, &quot;2h&quot;</source>
        <translation>&quot;%1&quot; ist keine Dauer: eine ganze Zahl und s, m, h oder d angeben, etwa &quot;30s&quot;, &quot;10m&quot;, &quot;2h&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be longer than zero</source>
        <translation>&quot;%1&quot; muss länger als null sein</translation>
    </message>
    <message>
        <source>unknown section [%1]; the known sections are %2</source>
        <translation>unbekannter Abschnitt [%1]; die bekannten Abschnitte sind %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; (write it as a section, [%1])</source>
        <translation>&quot;%1&quot; (als Abschnitt schreiben, [%1])</translation>
    </message>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation>%1: die Richtlinie kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>Konto %1</translation>
    </message>
    <message>
        <source>namespace %1</source>
        <translation>Namespace %1</translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation>Slurm-Job %1</translation>
    </message>
    <message>
        <source>label %1</source>
        <translation>Label %1</translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation>andauernd</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation> (geschätzt)</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>user</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>Arbeitslast</translation>
    </message>
    <message>
        <source>account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>hog: %1 % GPU for %2, per %3, alert %4</source>
        <translation>Vereinnahmung: %1 % GPU für %2, pro %3, Alarm %4</translation>
    </message>
    <message>
        <source>idle: below %1 % GPU for %2 holding ≥ %3 MiB, power check %4; warnings %5; then %6%7, SIGKILL after %8</source>
        <translation>Ungenutzt: unter %1 % GPU für %2 bei ≥ %3 MiB belegt, Prüfung der Leistungsaufnahme %4; Warnungen %5; dann %6%7, SIGKILL nach %8</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>notify</source>
        <translation>benachrichtigt werden</translation>
    </message>
    <message>
        <source>terminate</source>
        <translation>beenden</translation>
    </message>
    <message>
        <source> (dry run)</source>
        <translation> (Probelauf)</translation>
    </message>
    <message>
        <source>idle exempt: %1</source>
        <translation>Ungenutzt, ausgenommen: %1</translation>
    </message>
    <message>
        <source>quota: over %1, default %2 %; %3</source>
        <translation>Kontingent: über %1, Standard %2 %; %3</translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>keine Obergrenze</translation>
    </message>
    <message>
        <source>accounts: GPUs per person %1; the cap rule %2</source>
        <translation>Konten: GPUs pro Person %1; die Obergrenzen-Regel %2</translation>
    </message>
    <message>
        <source>in dry run</source>
        <translation>im Probelauf</translation>
    </message>
    <message>
        <source>acts</source>
        <translation>greift</translation>
    </message>
    <message>
        <source>account %1: %2; GPUs %3, per member %4%5</source>
        <translation>Konto %1: %2; GPUs %3, pro Mitglied %4%5</translation>
    </message>
    <message>
        <source>(members from the owner rules)</source>
        <translation>(Mitglieder aus den Eigentümer-Regeln)</translation>
    </message>
    <message>
        <source>; share %1 %</source>
        <translation>; Anteil %1 %</translation>
    </message>
    <message>
        <source>adaptive: %1; %2; defensive ×%3 when hogs are present over %4 % of %5</source>
        <translation>Adaptiv: %1; %2; defensiv ×%3, wenn Vereinnahmungen über %4 % von %5 vorliegen</translation>
    </message>
    <message>
        <source>alerts: no webhook</source>
        <translation>Alarme: kein Webhook</translation>
    </message>
    <message>
        <source>alerts: webhook %1, at most one per kind and user every %2, %3 retries, timeout %4</source>
        <translation>Alarme: Webhook %1, höchstens einer pro Art und Benutzer alle %2, %3 Wiederholungen, Zeitlimit %4</translation>
    </message>
    <message>
        <source>mail through %1</source>
        <translation>E-Mail über %1</translation>
    </message>
    <message>
        <source>Matrix at %1</source>
        <translation>Matrix unter %1</translation>
    </message>
    <message>
        <source>terminals</source>
        <translation>Terminals</translation>
    </message>
    <message>
        <source>no terminals</source>
        <translation>keine Terminals</translation>
    </message>
    <message>
        <source>contacts: %1 listed%2%3; default address %4; %5</source>
        <translation>Kontakte: %1 aufgeführt%2%3; Standardadresse %4; %5</translation>
    </message>
    <message>
        <source>, more in %1</source>
        <translation>, weitere in %1</translation>
    </message>
    <message>
        <source>, %1 opted out of notices that enforce nothing</source>
        <translation>, %1 haben Benachrichtigungen abbestellt, die nichts durchsetzen</translation>
    </message>
    <message>
        <source>allocate: score %1 × free memory + %2 × idle; reservations last %3, waits at most %4</source>
        <translation>Zuteilung: Bewertung %1 × freier GPU-Speicher + %2 × ungenutzt; Reservierungen dauern %3, Wartezeit höchstens %4</translation>
    </message>
    <message>
        <source>tokens: no books</source>
        <translation>Token: kein Token-Buch</translation>
    </message>
    <message>
        <source>others %1</source>
        <translation>andere %1</translation>
    </message>
    <message>
        <source>%1 per kWh (energy used)</source>
        <translation>%1 pro kWh (verbrauchte Energie)</translation>
    </message>
    <message>
        <source>%1 per GPU-hour (%2)</source>
        <translation>%1 pro GPU-Stunde (%2)</translation>
    </message>
    <message>
        <source>memory held</source>
        <translation>belegter GPU-Speicher</translation>
    </message>
    <message>
        <source>weighted by use</source>
        <translation>nach Nutzung gewichtet</translation>
    </message>
    <message>
        <source>tokens: %1; initial %2, monthly %3, daily %4 %5, floor %6; days in %7</source>
        <translation>Token: %1; anfangs %2, monatlich %3, täglich %4 %5, Untergrenze %6; Tage in %7</translation>
    </message>
    <message>
        <source>while negative</source>
        <translation>solange negativ</translation>
    </message>
    <message>
        <source>always</source>
        <translation>immer</translation>
    </message>
    <message>
        <source>this machine&apos;s zone</source>
        <translation>Zeitzone dieses Rechners</translation>
    </message>
    <message>
        <source>tokens users: %1</source>
        <translation>Token-Benutzer: %1</translation>
    </message>
    <message>
        <source>tokens enforcement: %1%2; demand %3 % for %4%5; steps every %6, kill grace %7</source>
        <translation>Token-Durchsetzung: %1%2; Bedarf %3 % für %4%5; Schritte alle %6, Frist vor SIGKILL %7</translation>
    </message>
    <message>
        <source> or a refused allocation</source>
        <translation> oder eine abgelehnte Zuteilung</translation>
    </message>
    <message>
        <source>%1 %2 per kWh</source>
        <translation>%1 %2 pro kWh</translation>
    </message>
    <message>
        <source>(no currency)</source>
        <translation>(keine Währung)</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>kein Preis</translation>
    </message>
    <message>
        <source>%1 g CO2 per kWh</source>
        <translation>%1 g CO2 pro kWh</translation>
    </message>
    <message>
        <source>no CO2 intensity</source>
        <translation>keine CO2-Intensität</translation>
    </message>
    <message>
        <source>energy: %1; %2</source>
        <translation>Energie: %1; %2</translation>
    </message>
    <message>
        <source>owners: labels %1 and %2, Slurm&apos;s user and account %3</source>
        <translation>Eigentümer: Labels %1 und %2, Benutzer und Konto aus Slurm %3</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>owners namespaces: %1</source>
        <translation>Eigentümer-Namespaces: %1</translation>
    </message>
    <message>
        <source>owners containers: %1</source>
        <translation>Eigentümer-Container: %1</translation>
    </message>
    <message>
        <source>namespaces</source>
        <translation>Namespaces</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>accounts</source>
        <translation>Konten</translation>
    </message>
    <message>
        <source>Slurm jobs</source>
        <translation>Slurm-Jobs</translation>
    </message>
    <message>
        <source>owners exempt: %1</source>
        <translation>Eigentümer ausgenommen: %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a list in brackets, [...]</source>
        <translation>&quot;%1&quot; muss eine Liste in eckigen Klammern sein, [...]</translation>
    </message>
    <message>
        <source>%1 must be a table</source>
        <translation>%1 muss eine Tabelle sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a table: write [%1]</source>
        <translation>&quot;%1&quot; ist keine Tabelle: [%1] schreiben</translation>
    </message>
</context>
<context>
    <name>gw::writeFileWhole</name>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: Schreiben nicht möglich: %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Monitoring and admin for shared GPU servers.</source>
        <translation>Überwachung und Verwaltung gemeinsam genutzter GPU-Server.</translation>
    </message>
    <message>
        <source>Show a simulated fleet of three servers.</source>
        <translation>Einen simulierten Serverbestand aus drei Servern anzeigen.</translation>
    </message>
    <message>
        <source>Sampling interval.</source>
        <translation>Messintervall.</translation>
    </message>
    <message>
        <source>Close the window after this long (for tests).</source>
        <translation>Das Fenster nach dieser Zeit schließen (für Tests).</translation>
    </message>
    <message>
        <source>History file (default: in the application&apos;s data folder).</source>
        <translation>Verlaufsdatei (Standard: im Datenordner der Anwendung).</translation>
    </message>
    <message>
        <source>Keep no history.</source>
        <translation>Keinen Verlauf speichern.</translation>
    </message>
    <message>
        <source>Keep every reading this many days.</source>
        <translation>Jede Messung so viele Tage behalten.</translation>
    </message>
    <message>
        <source>Keep per-minute roll-ups this many days.</source>
        <translation>Minuten-Zusammenfassungen so viele Tage behalten.</translation>
    </message>
    <message>
        <source>Keep per-hour roll-ups this many days.</source>
        <translation>Stunden-Zusammenfassungen so viele Tage behalten.</translation>
    </message>
    <message>
        <source>Do not sample this machine; watch only the configured servers.</source>
        <translation>Diesen Rechner nicht abfragen; nur die konfigurierten Server beobachten.</translation>
    </message>
    <message>
        <source>Settings file (servers list; default: the user&apos;s).</source>
        <translation>Einstellungsdatei (Serverliste; Standard: die des Benutzers).</translation>
    </message>
    <message>
        <source>Watching remote servers only (--no-local).</source>
        <translation>Nur entfernte Server werden beobachtet (--no-local).</translation>
    </message>
    <message>
        <source>Try gpuwarden --help for the options.</source>
        <translation>gpuwarden --help zeigt die Optionen.</translation>
    </message>
    <message>
        <source>Show a simulated fleet of this many servers (1 to 64; from the fourth on, 8 GPUs each).</source>
        <translation>Einen simulierten Serverbestand aus so vielen Servern anzeigen (1 bis 64; ab dem vierten je 8 GPUs).</translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation>eingebaute Standardwerte</translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1: kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Policies off: %1</source>
        <translation>Richtlinien aus: %1</translation>
    </message>
    <message>
        <source>Policies unchanged: %1</source>
        <translation>Richtlinien unverändert: %1</translation>
    </message>
    <message>
        <source>Save the window (with its open dialogs) as PNG after --quit-after-ms, then quit.</source>
        <translation>Das Fenster (mit seinen offenen Dialogen) nach --quit-after-ms als PNG speichern, dann beenden.</translation>
    </message>
    <message>
        <source>Open on this page: overview, processes, details, events, tokens, enforcement or fair-share (the Tokens page&apos;s second and third tabs), or with a dialog open: find-gpus (Find GPUs), prices (the token price editor), report (the report dialog, building the last 24 h).</source>
        <translation>Auf dieser Seite öffnen: overview, processes, details, events, tokens, enforcement oder fair-share (zweiter und dritter Reiter der Seite Token), oder mit geöffnetem Dialog: find-gpus (GPUs finden), prices (Token-Preiseditor), report (Berichtsdialog, erstellt die letzten 24 h).</translation>
    </message>
    <message>
        <source>Filling the demo&apos;s past week: %1 %…</source>
        <translation>Die vergangene Woche der Demo wird gefüllt: %1 %…</translation>
    </message>
    <message>
        <source>%1 and %2 are one agent (%3): its figures are shown twice; remove one in File → Servers…</source>
        <translation>%1 und %2 sind ein Agent (%3): seine Werte werden doppelt angezeigt; einen davon unter Datei → Server… entfernen</translation>
    </message>
    <message>
        <source>%1 is another agent now (%2, before %3): the two are kept apart</source>
        <translation>%1 ist jetzt ein anderer Agent (%2, vorher %3): die beiden werden getrennt gehalten</translation>
    </message>
    <message>
        <source>the history of the agent %1 was before is kept apart as &quot;%2&quot;</source>
        <translation>der Verlauf des Agenten, der %1 vorher war, wird getrennt als &quot;%2&quot; gehalten</translation>
    </message>
    <message>
        <source>the history of &quot;%1&quot; (the same agent) is now under %2</source>
        <translation>der Verlauf von &quot;%1&quot; (derselbe Agent) liegt jetzt unter %2</translation>
    </message>
    <message>
        <source>the history of &quot;%1&quot; (the same agent) stays under that name: %2 has one of its own</source>
        <translation>der Verlauf von &quot;%1&quot; (derselbe Agent) bleibt unter diesem Namen: %2 hat einen eigenen</translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>Verlauf: %1</translation>
    </message>
</context>
</TS>
