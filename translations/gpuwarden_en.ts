<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>gw::Accounts</name>
    <message>
        <source>1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cap of %1 per person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cap of %1 per member of account %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cap of %1 for account %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, asks for %3 more</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AdjustBalanceDialog</name>
    <message>
        <source>Adjust balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens to add (negative: to take away).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why (required), e.g. &quot;deadline extension&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adjust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The adjustment is added to the agent&apos;s ledger, with your name and the reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No agent keeps these books: they are computed on this computer from its readings, so the adjustment is not recorded anywhere yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The adjustment is added to the ledger %1 keeps, with the name of this desktop&apos;s token for it and the reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not adjusted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentBooks</name>
    <message>
        <source>This desktop watches no agents: the books are computed here from its own readings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 relays the books of %2, which this desktop does not watch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its keeper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 keeps no token books (its policy has no [tokens]).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No watched agent keeps the token books: they are computed here from this desktop&apos;s readings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token books of %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No agent keeps these books: the adjustment has nowhere to go.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentLink</name>
    <message>
        <source>%1: not an events reply (no &quot;events&quot;, &quot;next&quot; or &quot;last_sequence&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &quot;event&quot; object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: /v1/allocate: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: /v1/info has no stream or last_sequence; is this a gpuwarden-agent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a samples reply (no &quot;samples&quot;, &quot;next&quot; or &quot;last_sequence&quot;); is this a gpuwarden-agent?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no new reading for %1 s; the agent answers but takes no readings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answers as another agent since %2 (identity %3, before %4): its readings and history are kept apart from the earlier agent&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: /v1/samples: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no reading of %2 is usable: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token was refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certificate not trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certificate changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clock %1 s ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clock %1 s behind</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentReadings</name>
    <message>
        <source>--source: give the range (--from, and --to, default now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: /v1/info has no now_ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after reading %1 (the reading of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after line %1 (the reading of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the first reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: line %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s certificate is not the pinned one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last reading is cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last line is cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the readings stopped %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the readings are not a CBOR array of indefinite length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the agent&apos;s policy cannot be read back: %2; give --policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agents&apos; policies differ (%1 and %2): the report uses the policy of %1; give --policy to choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the readings stopped %2: a line longer than %3 MiB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentServer</name>
    <message numerus="yes">
        <source>the policy has %n error(s); nothing was changed</source>
        <translation>
            <numerusform>the policy has %n error; nothing was changed</numerusform>
            <numerusform>the policy has %n errors; nothing was changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than %n day(s)</source>
        <translation>
            <numerusform>the range is longer than %n day</numerusform>
            <numerusform>the range is longer than %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>reading %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the readings after number %1 were removed from the journal while the replay read them (they passed its retention): the replay stopped there; ask for a range that starts later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent runs in a PID namespace of its own (a container without the host&apos;s, e.g. without --pid=host): the driver&apos;s process ids are not its own, so no GPU process is named; run it in the host&apos;s PID namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>a replay is running, the one this agent runs at a time; ask again in %n s</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused; the policy in force (version %1) stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send the policy (policy.toml text) as the request body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot keep the previous policy as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1 (%2); the policy in force stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent has no policy file configured ([policy] path): the policy is in force until the agent restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;from&quot; and &quot;to&quot; are required (ms since the epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the replay found %1 events, the most one answer holds, and stopped after the reading at %2 ms; replay from there for the rest</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AgentWire</name>
    <message>
        <source>%1: the server&apos;s certificate changed and is refused: it differs from the pinned one. Pinned SHA-256 %2, offered %3. If the certificate was replaced on purpose, check the new fingerprint on the server and pin it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no trusted CA vouches for the server&apos;s certificate (%2). Its SHA-256 fingerprint is %3; pin it only after checking it on the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the reply is larger than %2 bytes; refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no complete reply within %2 s, the deadline of the whole call (the agent sends too slowly)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no complete reply in time (the agent is slow or stuck)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unreachable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the reply broke off (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: malformed JSON at offset %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AlertNotifier</name>
    <message>
        <source>%1: warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not acted on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: would %2 (dry run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Alerter</name>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> … and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worse: now failing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AllocationDesk</name>
    <message>
        <source>the agent has not taken a reading yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 GPU asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 qualifies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> after waiting %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 callers are waiting, the most this agent holds with its descriptor limit: callers that would wait are answered 503 until fewer wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 callers are already waiting for GPUs, the most this agent holds with its descriptor limit; ask again in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 callers waiting: callers may wait again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reservation %1 is held (it ended, expired, or never was)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is given more than once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;user&quot;: expected 1 to %1 characters (?user=NAME)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy engine has no reading of this server yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy engine has not evaluated a reading of %1 yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AuditLog</name>
    <message>
        <source> on GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token books on %1: %2 (PID %3, %4)%5 — %6: %7</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::AuditModel</name>
    <message>
        <source>%1: %2 of %3&apos;s process %4 (%5) by %6, %7: %8%9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::BalanceEnforcer</name>
    <message>
        <source>notify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send SIGTERM to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send SIGKILL to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: would %1: %2 runs in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: would %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 notified: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asked to %1: %2 runs in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 already got SIGTERM; its SIGKILL follows if it still runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a candidate now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enforcement is off: no step is due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no step is due for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the step due for %1 is %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is due for %2 in %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 declined by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 declined by %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid: &quot;%1&quot; is not a process id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is protected by [tokens] protected_users or protected_commands: never touched</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::BalancePlot</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance over time (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance of %1 over time (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ledger entries yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No balances to draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balance %1 tokens; lowest %2, highest %3 since %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at or below the floor (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No balances to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Balance over time from %1 to %2: %n users</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::ClockEventBand</name>
    <message>
        <source>Clock slowdowns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock slowdowns: none in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock slowdowns: not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clocks slowed by %1 from %2 to %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::CommandLine</name>
    <message>
        <source>Read a gpuwarden-agent at this URL instead of this machine (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also watch the gpuwarden-agent at this URL, beside this machine and the servers of File → Servers… (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With an https:// --source: accept only the certificate with this SHA-256 fingerprint (AB:CD:…, as openssl x509 -fingerprint -sha256 prints it), self-signed or not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sha256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--source: expected an http:// or https:// URL of an agent, got &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--pin: expected a SHA-256 fingerprint (64 hex digits, colons allowed), got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--pin needs an https:// --source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token came from GPUWARDEN_TOKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token came from the keychain (key &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain could not be read (key &quot;%1&quot;): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain has none under &quot;%1&quot; (store one with: gpuwarden-cli token set --source URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--source is given %1 times; this command reads one agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--source %1 is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token for %1 (not echoed): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the token from standard input: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no token on standard input (pipe it in: printf %s &quot;$TOKEN&quot; | gpuwarden-cli token set --source URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token on standard input is longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU backend: auto (NVML, then nvidia-smi, then amdgpu), nvml, nvidia-smi, amdgpu or host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root of the /proc tree to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root of the /sys tree to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the cgroup file systems are mounted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVML library to load (name searched on the library path, or a path).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nvidia-smi program (name on PATH, or a path).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--backend: unknown backend &quot;%1&quot; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::CoordClient</name>
    <message>
        <source>%1: not an allocation: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/v1/advice: not advice: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/v1/allocate: not an allocation state: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/v1/balances: no &quot;balances&quot; object in the reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/v1/ledger: the cursor did not move</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::CoordJson</name>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string or null, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an integer from %1 to %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number from %1 to %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array of strings, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>item %1: expected a string, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a unit id, got an empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a reservation id, got an empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least one unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is before created_ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send a JSON object as the request body, at least {&quot;user&quot;: &quot;…&quot;}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a JSON object as the request body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot;: unknown key (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number of seconds from 0 to %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s is longer than this agent&apos;s longest wait, %2 s ([allocate] max_wait)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>required: the user the GPUs are for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 1 to %1 characters, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>control characters are not allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;allow&quot;, &quot;only&quot; or &quot;never&quot;, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::DailyReporter</name>
    <message>
        <source>%1: [reports] dir &quot;%2&quot; cannot be created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: [reports] dir &quot;%2&quot; cannot be written to: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 could not be started: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: gpuwarden-cli did not finish in time; stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: gpuwarden-cli failed (exit %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::DemoProducer</name>
    <message numerus="yes">
        <source>Demo mode: a simulated fleet of %n servers.</source>
        <translation>
            <numerusform>Demo mode: a simulated fleet of %n server.</numerusform>
            <numerusform>Demo mode: a simulated fleet of %n servers.</numerusform>
        </translation>
    </message>
    <message>
        <source>Demo mode: one simulated server, %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::DoctorRoute</name>
    <message>
        <source>a doctor&apos;s check is running and another waits; ask again in 5 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this agent runs without agent.toml (--demo without --config): there is no installation to check</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Duration</name>
    <message>
        <source>expected a whole number and a unit (ms, s, m, h, d), such as 30s, 10m or 2h; got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no unit (ms, s, m, h, d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too long a span</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Enforcement</name>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilisation %1 % ≥ %2 % for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an allocation could not be served at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balance %1 at or below the floor %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balance %1 below zero under high demand</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EnforcementClient</name>
    <message>
        <source>%1: this agent&apos;s token has read access only; confirming or declining needs a token with admin scope (HTTP 403)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: that step is not the one due now (HTTP 409 step_not_due%2); the candidates are read again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the agent no longer lists this candidate (HTTP 404 unknown_candidate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stream changed while reading pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the agent&apos;s reply does not read: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EnforcementModel</name>
    <message>
        <source>notify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renice (nice 19)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terminate (SIGTERM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kill (SIGKILL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (floor %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU ?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MIG %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (enforcement off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, awaiting confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop its container or job</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EnforcementPane</name>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n s ago</numerusform>
            <numerusform>%n s ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log (every step, refusal and decision)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enforcement: no agent chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enforcement on %1: not read yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off: candidates are listed, nothing is done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>propose: each step waits for an admin&apos;s confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto: steps are taken on schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enforcement on %1: %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (dry run: every action only recorded as &quot;would&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demand high%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demand normal%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balances kept by %1, as of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; the keeper could not be read (%1): balances read %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No agent chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s reply cannot be used: %2. The candidates below are its last good reply, read %3; nothing can be decided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s reply cannot be used: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not answering since %2 (%3). The candidates below are its last reply, read %4; nothing can be decided until it answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not answering (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read at %1, %2: older than a poll.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read at %1, %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This agent&apos;s token has read access only; confirming or declining needs a token with admin scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent&apos;s reply cannot be used: nothing can be decided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent is not answering: nothing can be decided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending the decision…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No candidates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No step is due (enforcement is off).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 of %2&apos;s process is taken on schedule; nothing awaits confirmation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s process %2 (%3): %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why is the %1 of %2&apos;s process %3 declined? (kept in the audit log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not declined: a decline needs a reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2&apos;s process %3: %4%5
Audit #%6: %7</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EnforcementTab</name>
    <message>
        <source>Enforcement runs on each server&apos;s agent, which acts on its own processes. Add the agents of your servers (File → Servers…) to see their candidates, confirm or decline their steps and read their audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Enforcer</name>
    <message>
        <source>process %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 is never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 is GPU Warden&apos;s own process: never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 is the parent of GPU Warden&apos;s process: never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1: start time unknown: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 has exited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the start time of pid %1 cannot be read from %2: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1 now belongs to another process (started %2, not %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the owner of pid %1 cannot be read from %2: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs as root: never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reading of %1 to check that %2 still holds %3: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no longer holds %2: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 has exited: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL sent to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM sent to %1; SIGKILL in %2 if it is still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exited within %2 of SIGTERM; no SIGKILL needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL not sent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL to %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILL sent to %1: still running %2 after SIGTERM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renice of %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reniced to 19</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no longer runs in %2 (its cgroup shows %3): not stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs in %2: a pod is only notified, never signalled or stopped by GPU Warden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancel %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop %1 through %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cancelled with %2: %3 ran in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped through %2 (SIGKILL at once): %3 ran in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped through %2 (its stop signal, SIGKILL after %3): %4 ran in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was already stopped (%2): %3 ran in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not known to %2 (%3): not stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelling %1 with %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping %1 through %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EventModel</name>
    <message numerus="yes">
        <source>%n GPUs held · cap %1</source>
        <translation>
            <numerusform>%n GPU held · cap %1</numerusform>
            <numerusform>%n GPUs held · cap %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · MIG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of quota %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 · mean %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-process utilisation estimated from the GPU&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak / mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::EventTimeline</name>
    <message>
        <source>Policy events timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · all GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no user)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last action: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No policy events in the last %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Policy events of the last %1: %n shown</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::EventsPage</name>
    <message>
        <source>&amp;Open only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the events of the last %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lanes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one per user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of one server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of one user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: command, user, PID…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All users</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln events, %L1 open</source>
        <translation>
            <numerusform>%Ln event, %L1 open</numerusform>
            <numerusform>%Ln events, %L1 open</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln older closed events are no longer shown: this view keeps up to %L1 (about %2 of memory), open events first; it is complete from %3.</source>
        <translation>
            <numerusform>%Ln older closed event is no longer shown: this view keeps up to %L1 (about %2 of memory), open events first; it is complete from %3.</numerusform>
            <numerusform>%Ln older closed events are no longer shown: this view keeps up to %L1 (about %2 of memory), open events first; it is complete from %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln open events went too: more are open than the view keeps.</source>
        <translation>
            <numerusform>%Ln open event went too: more are open than the view keeps.</numerusform>
            <numerusform>%Ln open events went too: more are open than the view keeps.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln closed events that ended more than %1 before the newest are no longer shown.</source>
        <translation>
            <numerusform>%Ln closed event that ended more than %1 before the newest is no longer shown.</numerusform>
            <numerusform>%Ln closed events that ended more than %1 before the newest are no longer shown.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln closed events that ended more than %1 before the newest are no longer shown; the view is complete from %2.</source>
        <translation>
            <numerusform>%Ln closed event that ended more than %1 before the newest is no longer shown; the view is complete from %2.</numerusform>
            <numerusform>%Ln closed events that ended more than %1 before the newest are no longer shown; the view is complete from %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 shown of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agents still serve theirs by cursor (GET /v1/events?after=SEQ; with a journal, for at least 7 days).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo&apos;s events are made here from its readings and kept nowhere else; its readings are in this run&apos;s history file (the History tab).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo&apos;s events are made here from its readings and kept nowhere else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer&apos;s events are kept only here; its readings stay in the history file (the History tab), and Tools → Policy… replays the last 24 h.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer&apos;s events are kept only here; Tools → Policy… replays the last 24 h of its readings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy events</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FairShareModel</name>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User or account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decayed usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fair-share factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (now %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members remembered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account&apos;s share of the server ([accounts.%1] share)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The quota in effect now; &quot;now&quot;: after the busy server&apos;s and defensive multipliers ([adaptive])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured over the [quota] window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s capacity used, in server-hours (a whole server busy for an hour is one), each hour weighing half after every [quota] half_life</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2^(−U/S), as Slurm&apos;s classic fair share: U its part of all the decayed usage on this server, S its part of all the shares. 1: used nothing lately; 0.5: used exactly its share; lower: used more. Waiting callers with a higher factor get a freed GPU first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No share set for this account: no factor</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FairShareView</name>
    <message>
        <source>Who waits first for a freed GPU: the fair-share factor 2^(−U/S), U each one&apos;s part of all the decayed usage on the server (each hour weighs half after the [quota] half-life), S their part of all the shares. 1: used nothing lately; 0.5: used exactly their share; lower: used more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fair share yet: it is told by this desktop&apos;s policy once readings come, and by each agent&apos;s /v1/info once it has judged a reading.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every server&apos;s users and accounts, lowest factor first (a column&apos;s title sorts by it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fair share per user and account</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FindGpusDialog</name>
    <message>
        <source>Find GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs wanted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tp=4,pp=2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model&apos;s parallelism instead of a count: world size = tp × pp × max(dp, cp, dcp).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 8GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free memory each unit needs: 8GiB, 512MiB, 1.5G or a number of MiB. Empty: any.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum free memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole GPUs first, then instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG instances only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole GPUs only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or parallelism:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free memory per GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy CUDA_VISIBLE_DEVICES</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The best choice as CUDA_VISIBLE_DEVICES=…, with the gpuwarden-cli select line that reserves the same for a job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism: %1 needs %2 GPUs; at most %3 can be asked for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 → world size %n GPUs</source>
        <translation>
            <numerusform>%1 → world size %n GPU</numerusform>
            <numerusform>%1 → world size %n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Free memory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units of %1: %2 qualify, %3 refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct the request above to see a choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No server is watched: add agents under File → Servers…, or watch this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best: %1 — CUDA_VISIBLE_DEVICES=%2 (the agent scores and reserves the same when the job asks).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No server has a current reading, so none is chosen: their last figures may be minutes old.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No server has %n GPUs that qualify now. Each server&apos;s refusals say why; `gpuwarden-cli select --wait` waits for them.</source>
        <translation>
            <numerusform>No server has %n GPU that qualifies now. Each server&apos;s refusals say why; `gpuwarden-cli select --wait` waits for them.</numerusform>
            <numerusform>No server has %n GPUs that qualify now. Each server&apos;s refusals say why; `gpuwarden-cli select --wait` waits for them.</numerusform>
        </translation>
    </message>
    <message>
        <source># on %1; to reserve them for a job: eval &quot;$(%2)&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessModel</name>
    <message>
        <source>%1
Not visible in this server&apos;s /proc: another PID namespace, a container, or a process that just exited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held idle at every reading this desktop has of the GPU; it may have been idle longer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the GPU has been held idle with this process on it, per the live record (not before the process started).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale (%1 ago)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle for ≥ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle for %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessPage</name>
    <message>
        <source>Processes of all servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the rows shown as CSV or JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;idle, memory held&lt;/b&gt;: the GPU is below 10 % busy while the process holds memory; &lt;i&gt;Idle for&lt;/i&gt; is how long, per the live record (≥: idle at every reading this desktop has). Italic rows: processes this server&apos;s /proc does not show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filter by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in &amp;history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours today (history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours since %1 (this session)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Totals per owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: text, user:, account:, namespace:, job:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words match any column; user:NAME (the owner or the host user), account:NAME, namespace:NAME and job:ID match that field exactly; they combine (account:vision python).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by &amp;account %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by &amp;namespace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by &amp;job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % estimated: power integrated over the readings, or split by memory where the driver gives no SM share per process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: the GPUs&apos; energy counters, split by SM share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours today (loading…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy since %1 (this session)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy: what their GPUs drew since %1 as this desktop saw it, split by SM share (by memory where the driver gives none); hover a figure for how much is estimated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours today, being read from the recorded process history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours today from the recorded process history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (the history could not be read: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (history is off: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (history is off).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::FleetSelection</name>
    <message>
        <source>1 GPU asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 qualifies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (waited %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no answer: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: serves %2, as %3 does; asked once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none of the %1 agents answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no server has a GPU that qualifies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no server has %1 GPUs that qualify</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Freshness</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation type="unfinished">
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation type="unfinished">
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation type="unfinished">
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation type="unfinished">
            <numerusform>%n d</numerusform>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message>
        <source>no reading yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last reading %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale — %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::GpuHealth</name>
    <message>
        <source>power cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hardware slowdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thermal slowdown (software)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thermal slowdown (hardware)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power brake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU does not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row remapping failed: the GPU&apos;s memory has no spare rows left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uncorrectable ECC errors since the driver loaded: reset the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uncorrectable ECC errors in the GPU&apos;s life</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a row remap waits for a GPU reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a retired page waits for a GPU reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe replays at %1 an hour (more than %2): check the link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink errors at %1 an hour (more than %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::GpuSelection</name>
    <message>
        <source>reserved for %1 until %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB free, needs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % busy, at most %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: degraded (%2), ranked after healthy GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG enabled, no instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: degraded (%2), its MIG instances ranked after healthy ones</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryBackfill</name>
    <message>
        <source>/v1/info: now_ms: missing or not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 keeps no history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is another agent now (%2, the history&apos;s rows are of %3): its history is not filled in</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryChart</name>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a series to show it (Space toggles the current one)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryChartModel</name>
    <message>
        <source>Series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryPage</name>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryPlot</name>
    <message>
        <source>History chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (min %3, max %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no readings in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>mean %1, peak %2 at %3, low %4; %n gaps</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 from %2: %n series shown</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::HistoryReadings</name>
    <message>
        <source>no value stored for this reading</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryRoute</name>
    <message numerus="yes">
        <source>%1 history queries are running and %2 waiting, the most this agent holds; ask again in %n s</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>this agent keeps no history (agent.toml has no &quot;history&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;from&quot; and &quot;to&quot; are required (ms since the epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than the history keeps (%n day(s))</source>
        <translation type="unfinished">
            <numerusform>the range is longer than the history keeps (%n day)</numerusform>
            <numerusform>the range is longer than the history keeps (%n days)</numerusform>
        </translation>
    </message>
    <message>
        <source>give &quot;points&quot; or &quot;step&quot;, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;points&quot; or &quot;step&quot; is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;step&quot; gives %1 buckets; at most %2 are served</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;series&quot; is required (&lt;target&gt;/&lt;metric number&gt;, comma-separated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 series asked for; at most %2 are served</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history holds no server yet; give &quot;server&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;server&quot; is required: the history holds %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is given more than once</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryService</name>
    <message>
        <source>history is not running</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HistoryWire</name>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside from_ms to to_ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min, mean and max out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not after the previous bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing or not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing or not an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a [from_ms, to_ms] pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data ends early</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed CBOR: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a text string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 5 values (start_ms, min, max, mean, count), got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than 5 values (start_ms, min, max, mean, count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &lt;target&gt;/&lt;metric number&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; names no known metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not after from_ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing or not a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comes before server, from_ms, to_ms or step_ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more data after the reply</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::HostPage</name>
    <message numerus="yes">
        <source>%1 of %n cores</source>
        <translation>
            <numerusform>%1 of %n core</numerusform>
            <numerusform>%1 of %n cores</numerusform>
        </translation>
    </message>
    <message>
        <source>Last reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk I/O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cgroup memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cgroup CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 used of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read %1, write %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 used of %2 limit (cgroup %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in a limited cgroup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit (cgroup %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::JsonFields</name>
    <message>
        <source>unknown key (known: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true, false or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at most %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::KeeperLink</name>
    <message>
        <source>%1: /v1/usage: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: facts not stored, the journal refused them: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: /v1/balances: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: /api/v1/query: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keeper %1 has not been read yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keeper has never been read: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Ledger</name>
    <message>
        <source>%1 GPU-hours on %2 of %3 (%4 UTC) at %5 tokens per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kWh on %2 of %3 (%4 UTC, %5 GPU-hours) at %6 tokens per kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPU-hours on MIG %2 (%3/%4 of the GPU) of %5 of %6 (%7 UTC) at %8 tokens per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(account %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>price &quot;%1&quot; (line %2) matches no GPU seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>price &quot;%1&quot; matches no GPU seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>charge = &quot;energy&quot;: %1 GPU-hours of use (%2) ran on GPUs that reported neither power nor an energy counter, or came from facts without energy: charged nothing for them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens by %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first seen: initial %1 and this month&apos;s %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>monthly addition for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>daily addition for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>daily addition for %1 (balance below zero)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::LedgerModel</name>
    <message>
        <source>grant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>monthly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>daily</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adjustment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::LiveGpuPage</name>
    <message>
        <source>Utilisation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM clock %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fan %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>persistence %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowdown %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowed by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU failing:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU degraded:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::LiveHeader</name>
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
            <numerusform>%n process on GPUs</numerusform>
            <numerusform>%n processes on GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last %n min</source>
        <translation>
            <numerusform>Last %n min</numerusform>
            <numerusform>Last %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Time window of the charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>own PID namespace: no process named</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::LocalProducer</name>
    <message>
        <source>Host figures unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kernel log cannot be read, so XIDs come only from NVML&apos;s events while the sampler runs: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::MainWindow</name>
    <message>
        <source>GPU Warden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Servers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find GPUs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About GPU Warden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About GPU Warden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU Warden&lt;/b&gt; %1&lt;br&gt;Monitoring and admin for shared GPU servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Books</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;nforcement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adopt prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This policy has no [tokens] section, so it keeps no token books: add one to set prices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the window is closing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fair &amp;share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Warden speaks %1 from its next start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;heme</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Metrics</name>
    <message>
        <source>GPU utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU SM clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process SM</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OverviewModel</name>
    <message numerus="yes">
        <source>MIG, %n instances, utilisation not reported</source>
        <translation>
            <numerusform>MIG, %n instance, utilisation not reported</numerusform>
            <numerusform>MIG, %n instances, utilisation not reported</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale, last reading %1 ago, no verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU failing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU degraded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the first reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale, last reading %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading %1 old</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OverviewPage</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort GPUs by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show GPUs in state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by user, model or server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sort:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Greyed tiles: last figures of a stale server, with their age · bar: memory used (one part per MIG instance) · n/r: not reported</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OverviewView</name>
    <message numerus="yes">
        <source>MIG: %n instances</source>
        <translation>
            <numerusform>MIG: %n instance</numerusform>
            <numerusform>MIG: %n instances</numerusform>
        </translation>
    </message>
    <message>
        <source>Fleet overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>util n/r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU matches the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No server has reported yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU on this server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale, last reading %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::OwnerText</name>
    <message>
        <source>Owner %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host user %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sampler of this server runs in a PID namespace of its own (a container without the host&apos;s PID namespace): the driver&apos;s process ids are not the ones it sees, so no process is named and no owner is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held by %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Palette</name>
    <message>
        <source>free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle, memory held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reporting, below 10 % utilisation, no process on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use: at or above 10 % utilisation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes hold memory on it while it is nearly idle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At or above the temperature where the driver slows it down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver does not report its utilisation (MIG mode, old drivers): no verdict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reading for more than three sampling intervals, or the server is not connected: the figures shown are the last ones, greyed, with no verdict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The device failed, or the server cannot be reached or refuses us.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server has not answered yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyClient</name>
    <message>
        <source>%1: this agent&apos;s token has read access only; changing the policy needs a token with admin scope (HTTP 403)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;events&quot;: expected an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;policy&quot;: expected an object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyDialog</name>
    <message numerus="yes">
        <source>%n entries skipped in all.</source>
        <translation>
            <numerusform>%n entry skipped in all.</numerusform>
            <numerusform>%n entries skipped in all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The policy is valid, with %n warning(s):</source>
        <translation>
            <numerusform>The policy is valid, with %n warning:</numerusform>
            <numerusform>The policy is valid, with %n warnings:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s); Save waits until they are fixed:</source>
        <translation>
            <numerusform>%n mistake; Save waits until they are fixed:</numerusform>
            <numerusform>%n mistakes; Save waits until they are fixed:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replay cancelled after %n reading(s).</source>
        <translation>
            <numerusform>Replay cancelled after %n reading.</numerusform>
            <numerusform>Replay cancelled after %n readings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) in %L1 readings of the last 24 hours.</source>
        <translation>
            <numerusform>%n event in %L1 readings of the last 24 hours.</numerusform>
            <numerusform>%n events in %L1 readings of the last 24 hours.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy.&amp;toml</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a mistake to go to it in the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay Last 24 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the events the edited policy would have found in the last 24 hours of readings, before saving it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Replaying the edited policy… %L1 readings</source>
        <translation>
            <numerusform>Replaying the edited policy… %L1 reading</numerusform>
            <numerusform>Replaying the edited policy… %L1 readings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaying the current policy for comparison… %L1 readings</source>
        <translation>
            <numerusform>Replaying the current policy for comparison… %L1 reading</numerusform>
            <numerusform>Replaying the current policy for comparison… %L1 readings</numerusform>
        </translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load bands and defensive mode: in the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group quotas: in the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time windows (; between them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay the edited policy over the readings of the last 24 hours to see what it would have found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># policy.toml of this computer: every key at its default. See docs/policies.md.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist yet; Save creates it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy in force on %1 (%2). Applying it needs a token with admin scope; the agent checks it again and keeps the previous version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the policy of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the policy of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># The policy in force on %1 (version %2, from %3), every key with its effective value.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1, changed %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy is valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: the previous version could not be kept as %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1; the previous version is kept as %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending the policy to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2), but could not store it: it lasts until the agent restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In force now:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the policy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the edited policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1 of the agent&apos;s answer skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the current policy for comparison…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (current policy: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The replay failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No readings in the last 24 hours to replay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy — agent %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy — demo (in memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy — this computer (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply to the Demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members (@group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 or empty: no cap. Members are user names, and Unix groups written with @.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lab%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy the demo applies to its simulated fleet, kept in memory: Apply puts it in force at once (the Events page, the verdicts, the report) and writes no file. It ends with the demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file this computer&apos;s policies read, %1: Save writes it and they apply it at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file this computer&apos;s policies read, %1. They do not run in this window (--no-local, or the file was refused at start): Save writes it, and it is applied when GPU Warden next watches this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo applies this policy from its next reading on; no file was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mistakes in the policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyEngine</name>
    <message>
        <source>holds little memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power draw above idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory changing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no cap in the policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>over cap: terminate in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back within the cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process ended after the action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process exited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too few readings in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back within quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>healthy again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>told</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU disappeared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle: terminate in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wall clock stepped back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gap in readings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root&apos;s processes are never signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start time unknown: not signalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: would send SIGTERM to PID %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would send SIGTERM to PID %1 (not enforcing here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM requested for PID %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyEvent</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an integer or null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU hog: %1 at %2 for %3 on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPU: %1 holds %2 MiB at %3 for %4 on %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over quota: %1 at %2 of %3 for %4 (expected quota: %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU failing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU failing: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU degraded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU degraded: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 (the driver named no process)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 caused by %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over a GPU cap: %1 on %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected hog, idle, fair_share, gpu_health, xid or over_cap, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected degraded or failing, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at most %1 reasons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 1 to 999, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected user, member or account, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 1 to %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 0 to 100000, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected warning, terminate, kill or refused, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <comment>an enforcement step: the owner was warned</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terminate</source>
        <comment>an enforcement step (SIGTERM); also read as &apos;would %1&apos;</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kill</source>
        <comment>an enforcement step (SIGKILL); also read as &apos;would %1&apos;</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <comment>an enforcement step that was not taken, and why</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicyEventKind</name>
    <message>
        <source>GPU hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fair share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fair share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fair share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>over quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU &amp;faults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>faulty GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XID from a program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;XIDs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>caused an XID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>xid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over a GPU cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>over cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over &amp;cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>over a GPU cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cap</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PolicySchema</name>
    <message>
        <source>Hog: a GPU kept busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilisation at or above which a process counts towards a hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held this long makes a hog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each process on its own, or an owner&apos;s, a workload&apos;s or an account&apos;s processes together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an owner&apos;s processes together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a container&apos;s, pod&apos;s or job&apos;s processes together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an account&apos;s processes together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raise an alert when a hog is found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert when a hog is found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: GPU memory held but unused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below this GPU utilisation a process is idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation below:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle for this long is judged idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only processes holding at least this much GPU memory count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holding at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>near-idle power draw and flat memory must confirm an idle verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warnings before the action, as time left before it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warn before acting:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what is done to an idle process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notify the owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terminate the process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Then:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record what would be done, do nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run: record what would be done, do nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user names never touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt users:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user names, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command names never touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt commands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commands, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after SIGTERM, SIGKILL follows after this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fair share: quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fair share is measured over this sliding window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured over:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fair share&apos;s memory: usage this long ago weighs half; the caller who used least lately gets the next free GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (half-life):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share of the server for users listed nowhere (100: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users not listed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one key per user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one key per Unix group (members resolved on the server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accounts: caps on GPUs at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs and MIG instances one person holds at once, whatever the account; 0: no cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per person at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cap rule&apos;s steps for a holding past a cap recorded as &quot;would&quot;, nothing done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run: record what the cap rule would do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[accounts.NAME]: members = [&quot;alice&quot;, &quot;@lab&quot;], max_gpus, max_gpus_per_member (0: no cap), share (% of the server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adaptive quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tighten quotas as the server gets busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tighten quotas as the server gets busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a server at most up_to percent busy multiplies every quota by multiplier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hogs present more than this fraction of hostile_window …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… switch to defensive mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every quota times this in defensive mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an http:// or https:// URL; empty: no webhook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at most one alert per event kind and user in this span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retries after a failed POST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the address of a person listed without one, {user} their name: &quot;{user}@example.org&quot;; empty: e-mail only to the addresses listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an absolute path: more people, one [NAME] table each with the keys of [contacts.NAME]; read again when it changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sendmail program mail is handed to (sendmail -t -oi)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;smtp://host:port&quot;: mail through this relay instead of sendmail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sender&apos;s address; empty: gpuwarden-agent@ the server&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an http:// or https:// URL: the Matrix server the notices are sent through</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an absolute path: the file holding the Matrix account&apos;s access token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write each notice to the owner&apos;s terminals on the server, as write(1) does (never to a terminal closed with mesg n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an absolute path: the utmp file that says who is logged in where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the notices&apos; language when neither the person nor the process says (&quot;en&quot;, &quot;de&quot;, &quot;zh&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an absolute path: a folder of &lt;kind&gt;.txt and &lt;kind&gt;.&lt;language&gt;.txt that word the notices instead of the built-in text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[contacts.NAME]: email, matrix (a room id), slack, mattermost, ntfy (URLs), language, terminals, opt_out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight of the free-memory fraction in a GPU&apos;s score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight of the idle fraction (1 − utilisation); not both 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how long a reservation holds when the caller names none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the longest a caller may wait for GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>granted when a user is first seen or listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added on the 1st of each month at 00:00 in time_zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at or below this balance a user&apos;s processes are candidates at any demand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added each day at 00:00 in time_zone …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… while the balance is below zero, or always</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>while negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>always</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every second memory is held, weighted by utilisation, or the energy used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weighted by use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>energy used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under charge = &quot;energy&quot;: tokens per kWh, in place of the GPU-hour prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the price of a GPU that no pattern matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IANA name for month and day boundaries; absent: this machine&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users granted initial from the start of the books</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;PATTERN&quot; = PRICE for a GPU whose name contains PATTERN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enforcement by balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>propose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high demand: every reading&apos;s mean GPU utilisation at least this …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… for this long without a gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a refused allocation is high demand for demand_for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notify → renice → terminate, each this long after the last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGTERM → SIGKILL if it still runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users never touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process names never touched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every action recorded as &quot;would&quot;, nothing done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what a kWh costs, for the report&apos;s cost; absent: no cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the price&apos;s currency as the report writes it (&quot;EUR&quot;, &quot;€&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the grid&apos;s CO2 per kWh, for the report&apos;s emissions; absent: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owners: who a process belongs to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s label naming its person; &quot;&quot;: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Person label:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s label naming its account; &quot;&quot;: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account label:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a Slurm job&apos;s user and account, as Slurm gives them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Slurm job is owned by its user and account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAMESPACE = { user = &quot;…&quot;, account = &quot;…&quot; }: a Kubernetes namespace&apos;s person and account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;PATTERN&quot; = { user = &quot;…&quot;, account = &quot;…&quot; }: a container name matching PATTERN (* and ?); the longest pattern decides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes namespaces whose processes no rule flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt namespaces:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s labels, &quot;key=value&quot; or &quot;key&quot; (any value), that no rule flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt labels:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accounts whose processes no rule flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt accounts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm job ids whose processes no rule flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exempt Slurm jobs:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PriceEditorDialog</name>
    <message>
        <source>Adopt these prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per GPU-hour by GPU model: the longest pattern found in a GPU&apos;s name decides (case ignored); a GPU no pattern matches costs the default price. Every change is replayed over the same usage (%1 to %2) before it is adopted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU models seen it prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default price (any other GPU):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With these prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For policy.toml, in [tokens]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands the edited prices to the policy; nothing changes before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not replayed: the prices have an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every GPU model seen has a pattern.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the default price: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>All users: %1 now, %2 with these prices (%3); %4 of %n users change.</source>
        <translation>
            <numerusform>All users: %1 now, %2 with these prices (%3); %4 of %n user changes.</numerusform>
            <numerusform>All users: %1 now, %2 with these prices (%3); %4 of %n users change.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 usage facts replayed under both prices in %2 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty: write tokens per GPU-hour, 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a number, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a finite number, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be 0 or more tokens per GPU-hour, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;default_price&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row %1: the pattern is empty: write a part of the GPU&apos;s name, such as &quot;RTX 3090&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row %1: price &quot;%2&quot; repeats &quot;%3&quot; (row %4); patterns are matched ignoring case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row %1: the price of &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prices per GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balances under these prices</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ProcessModel</name>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SM %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver reports pid %1 on this GPU, but /proc does not show it: it runs in another PID namespace (a container) or has just exited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ProcessPane</name>
    <message>
        <source>%1: these processes may have ended since.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: text, or user:, account:, namespace:, job: (e.g. account:vision)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words match any column; user:NAME (the owner or the host user), account:NAME, namespace:NAME and job:ID match that field exactly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PromUsage</name>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a slice count from 0 to 64, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected [time, &quot;value&quot;], got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a finite number &gt;= 0, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not JSON: %1 at byte %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status: expected &quot;success&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus answered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data.resultType: expected &quot;vector&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;held&quot; or &quot;used&quot;, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Prometheus cursor is not {&quot;absorbed&quot;: {…}}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number &gt;= 0, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the usage counter of %2 on %3 went down from %4 to %5 (its books were reset); taking %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PrometheusApi</name>
    <message>
        <source>the reply is larger than %1 MiB; refused (ask for a shorter range or one host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no complete reply within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply broke off (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected reply: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected reply: status is not &quot;success&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected reply: no data</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::PrometheusProducer</name>
    <message numerus="yes">
        <source>%n servers</source>
        <translation>
            <numerusform>%n server</numerusform>
            <numerusform>%n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>unexpected reply: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 not reachable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus at %1 cannot be queried: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2: %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series for host %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReadingStream</name>
    <message>
        <source>%1: %2 % of the time from %3 to %4 is gaps (no reading for more than 3 sampling intervals): what it shows covers little of that time</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: its readings carry no sampling interval (interval_ms); inferred %2 from the spacing of its first %n readings</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: one reading and no sampling interval (interval_ms): no interval to infer, it is taken as 1s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--demo: give the range (--from, and --to, default now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no readings to open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReadingsRoute</name>
    <message>
        <source>&quot;from&quot; is required (ms since the epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;to&quot; is required (ms since the epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&quot;to&quot;: the range is longer than %n day(s)</source>
        <translation type="unfinished">
            <numerusform>&quot;to&quot;: the range is longer than %n day</numerusform>
            <numerusform>&quot;to&quot;: the range is longer than %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>this agent keeps no history (agent.toml has no &quot;history&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Recorder</name>
    <message>
        <source>record: --duration is required (such as 30s, 10m or 2h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--duration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--duration: must be more than zero, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record: --output FILE is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--interval-ms: expected 10..3600000, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReplayRunner</name>
    <message>
        <source>No readings of this computer are recorded yet (%1 does not exist).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>journal entry %1 skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo has made no readings in this range yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReportBuilder</name>
    <message>
        <source>time zone %1 is unknown: the hours of the day are shown in UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reading at %2 ms not after the last one (%3 ms): skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG %1 on GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 h at ≥ %3 % on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(expected quota: %1 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find who runs PID %1 on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contact %1; if this is expected, raise their quota in [quota].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 h holding idle GPUs (&lt; %3 %) on %4; GPUs held: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contact %1; it recurs (%2 idle events): set [idle] action = &quot;terminate&quot;%3 to free such GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and dry_run = false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contact %1; ask them to free the GPUs they do not use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If %1&apos;s use is expected, raise their share in [quota] users; else contact them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: balance %2 tokens at the end of the range, after %3 GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contact %1; grant them tokens if the use was expected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not heard from for %2 h of %3 h (%4 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check gpuwarden-agent on %1: is it running, and can it be reached?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 around the clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every night %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every evening %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every day %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 held %2 around the clock (%3 h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 held %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the process&apos;s user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 %2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2; %3 % of the fleet&apos;s GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; over quota on a server for %1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account %1: %2; %3 % of the fleet&apos;s GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If account %1&apos;s use is expected, raise its share in [accounts.%1]; else contact its members (%2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReportChartProvider</name>
    <message>
        <source>The report has no utilisation for %1 on %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReportDialog</name>
    <message>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The servers the report covers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time zone:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Letter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paper:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Build report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the servers and the range, then build the report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save P&amp;DF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Print preview…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (UTC%2%3:%4 now); the times above are in this zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The range is empty: &quot;To&quot; must be after &quot;From&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No history to build a report from: this window keeps none (see the --history option).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reading the record… %L1 readings</source>
        <translation>
            <numerusform>Reading the record… %L1 reading</numerusform>
            <numerusform>Reading the record… %L1 readings</numerusform>
        </translation>
    </message>
    <message>
        <source>The report could not be built: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2 (%3), %4 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) heard from for %1 % of the range; %2 GPU-hours watched; %3 user(s).</source>
        <translation>
            <numerusform>%n server heard from for %1 % of the range; %2 GPU-hours watched; %3 user.</numerusform>
            <numerusform>%n servers heard from for %1 % of the range; %2 GPU-hours watched; %3 users.</numerusform>
        </translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No readings of the chosen servers in this range: nothing to report, and nothing counted as zero use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: not heard from for %2 (%n gap(s)).</source>
        <translation>
            <numerusform>%1: not heard from for %2 (%n gap).</numerusform>
            <numerusform>%1: not heard from for %2 (%n gaps).</numerusform>
        </translation>
    </message>
    <message>
        <source>Users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more user(s).</source>
        <translation>
            <numerusform>… and %n more user.</numerusform>
            <numerusform>… and %n more users.</numerusform>
        </translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s); they are listed in the CSV and the PDF.</source>
        <translation>
            <numerusform>%n warning; they are listed in the CSV and the PDF.</numerusform>
            <numerusform>%n warnings; they are listed in the CSV and the PDF.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Built from %L1 readings.</source>
        <translation>
            <numerusform>Built from %L1 reading.</numerusform>
            <numerusform>Built from %L1 readings.</numerusform>
        </translation>
    </message>
    <message>
        <source>Build the report first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print preview: report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save report as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save report as PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReportDocument</name>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 % covered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, gaps %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU use report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy at ≥ %1 % utilisation, held idle below %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no readings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fleet GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h (covered hours of whole GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h (%2 % of the fleet&apos;s GPU-hours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GPU-h (%3 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report holds no findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report holds no time patterns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>• %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — GPU utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report holds no utilisation series to chart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the fleet (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quota (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share against quota, top %1 of %2 users by GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share against quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of the fleet&apos;s GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token balances at the end, lowest %1 of %2 users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token balances at the end of the range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Covered (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Covered (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gaps (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs and MIG instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Util. mean (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Util. peak (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mem. mean (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mem. peak (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temp. mean (°C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temp. peak (°C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power mean (W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power peak (W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy (kWh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held idle (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over quota (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hog events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start painting the report&apos;s pages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report&apos;s PDF could not be made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kg CO₂</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle, unowned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not attributed (gaps, no user)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CO₂ (kg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Degraded (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failing (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XIDs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XID codes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasons (last)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ReservationsView</name>
    <message numerus="yes">
        <source>Reserved for %1 since %2 until %3 (%n GPUs: %4)</source>
        <translation>
            <numerusform>Reserved for %1 since %2 until %3 (%n GPU: %4)</numerusform>
            <numerusform>Reserved for %1 since %2 until %3 (%n GPUs: %4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n jobs waiting for GPUs (%1)</source>
        <translation>
            <numerusform>%n job waiting for GPUs (%1)</numerusform>
            <numerusform>%n jobs waiting for GPUs (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 since %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as of %1 ago: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::RunRecord</name>
    <message>
        <source>%1 / %2 / %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run of %1 on %2: %3 s, exit code %4%5
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (signal %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 %2, %3 readings (min / mean / max): utilisation %4, memory %5, memory %6, temperature %7, power %8
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::SamplerRegistry</name>
    <message>
        <source>Using %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such backend (known: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host only, as asked: GPU backends not tried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU found; showing the host only. %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::SecretStore</name>
    <message>
        <source>No Secret Service on the session bus (is gnome-keyring or KWallet running?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain refused access (is the keyring locked? Unlock it, for example with gnome-keyring-daemon --unlock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libsecret is not installed (Debian: libsecret-1-0), so the Secret Service cannot be reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no details given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain did not answer within %1 s (a stuck Secret Service, or a keyring waiting to be unlocked)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerChoiceModel</name>
    <message>
        <source>no reading yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best: CUDA_VISIBLE_DEVICES=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not enough: %1 of %2 asked qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: under 30 % utilisation and under 50 % of memory used. A server with enough idle GPUs ranks first, then by its idle count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Units that meet the request (free memory, utilisation, MIG, not reserved), scored as the agent scores them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choice</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerEditDialog</name>
    <message>
        <source>Edit Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged (kept for this session only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged (stored in the keychain if set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none; the system&apos;s certificate authorities decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed when you press OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget Pin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned certificate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token the agent printed or its admin chose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bearer token the agent&apos;s admin chose for you, or the one gpuwarden-agent printed (&quot;token for this run&quot; with --demo). agent.toml keeps only its SHA-256, so the token cannot be read from there.
Kept in the system keychain, never in a settings file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerList</name>
    <message>
        <source>Give the server a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name must not start or end with spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a valid http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another server is already called &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; already uses this URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not store the token: %1. It is used for this session only and will not be remembered after GPU Warden quits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no valid URL; edit the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the token is used for this session only; it will not be remembered after GPU Warden quits (the keychain could not store it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the token could not be read from the keychain: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A server without a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Warden agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token is longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token contains spaces or control characters (one token, one line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the server&apos;s URL, such as https://gpu-01.example.org:9807.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL must start with http:// or https:// (for example https://gpu-01.example.org:9807).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The URL has no host name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave user names, passwords, queries and fragments out of the URL; the token has a field of its own.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerTree</name>
    <message>
        <source>E&amp;xpand All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Collapse All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit Server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers and GPUs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServerTreeModel</name>
    <message numerus="yes">
        <source>%1 of %n busy</source>
        <translation>
            <numerusform>%1 of %n busy</numerusform>
            <numerusform>%1 of %n busy</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n user</numerusform>
            <numerusform>%n users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n s</source>
        <translation>
            <numerusform>Next try in %n s</numerusform>
            <numerusform>Next try in %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG mode: %n instances</source>
        <translation>
            <numerusform>MIG mode: %n instance</numerusform>
            <numerusform>MIG mode: %n instances</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory held while idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Util</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilisation; on a server, the mean of its GPUs when sorting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory used / total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last reading %1 (%2 ago)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale: no reading for more than %1 sampling intervals of %2; the figures are the last ones, with no verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent %1 of ours; readings are shifted to our clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some readings were lost on the agent before they could be fetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backend %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory %1 used of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GI %2 · CI %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG instance %1 of GPU %2, profile %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU instance %1, compute instance %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation is not reported per MIG instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid %1, user %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · pid %3 · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>degraded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>own PID namespace: no process named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host name %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same agent as %1: its figures are shown twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent is degraded:
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::ServersDialog</name>
    <message>
        <source>&amp;Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Trust Certificate…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(invalid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · certificate pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · token for this session only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop watching %1 and forget its token? Its history stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificate Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust Certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The certificate of %1 is not the one you pinned.&lt;/b&gt;&lt;br&gt;This happens when the certificate was renewed, or when someone is intercepting the connection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No certificate authority vouches for %1.&lt;/b&gt;&lt;br&gt;Compare this fingerprint with the one on the server before you trust it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the server: &lt;tt&gt;openssl x509 -in CERT -noout -fingerprint -sha256&lt;/tt&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust the New Certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::SnapshotText</name>
    <message>
        <source>%1  %2  backend %3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host: CPU %1, memory %2 / %3, disk read %4 write %5
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UTIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TEMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POWER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HEALTH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLOWED BY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 %2:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COMMAND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ACCOUNT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WORKLOAD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::StateLegend</name>
    <message>
        <source>Legend</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::StatusLine</name>
    <message numerus="yes">
        <source>%n servers stale</source>
        <translation>
            <numerusform>%n server stale</numerusform>
            <numerusform>%n servers stale</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;History off:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU found on this machine.&lt;/b&gt; Showing the host only.&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1&lt;br&gt;A server without its token is asked without one until the keychain answers; File → Servers… stores tokens again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Themes</name>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;High contrast, dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High &amp;contrast, light</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::TimeRangeBar</name>
    <message numerus="yes">
        <source>%n days</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a fixed range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the chosen range (double-click the chart, or Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (following now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (zoomed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::TokensClient</name>
    <message>
        <source>next: expected %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>truncated: still true after %n page(s)</source>
        <translation>
            <numerusform>truncated: still true after %n page</numerusform>
            <numerusform>truncated: still true after %n pages</numerusform>
        </translation>
    </message>
    <message>
        <source>changed from %1 to %2 between pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.sequence: expected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated: facts after %1 are missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>next: %1 stays below last_sequence %2 after %n page(s)</source>
        <translation>
            <numerusform>next: %1 stays below last_sequence %2 after %n page</numerusform>
            <numerusform>next: %1 stays below last_sequence %2 after %n pages</numerusform>
        </translation>
    </message>
    <message>
        <source>the token for %1 is read-only: adjusting needs an admin token</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::TokensJson</name>
    <message>
        <source>before from_ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a JSON object of books</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Adjust balance…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit &amp;prices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add or take tokens from a user, with a reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change the prices per GPU model and see what each user&apos;s balance would be.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens charged for GPU time this month.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens granted and added (monthly, daily, adjustments) this month.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter the ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours by model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No readings from %1 %2–%3: not charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>…and %n more</source>
        <translation>
            <numerusform>…and %n more</numerusform>
            <numerusform>…and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>The policy in force has no [tokens] section: no token books are kept. Add one (Policy…) to price GPU time per model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No books yet: they are built from the readings of the first whole hour.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floor %1: users at or below it are cut off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Books kept by %1, as of %2&lt;/b&gt;; the open hour is not charged yet. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not answering (since %2): %3. These are its books as read at %4, %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Books as of %1&lt;/b&gt;, %2; the open hour is not charged yet. Floor %3: users at or below it are cut off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the keeper)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered %2 but is not read: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 read %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 unreachable, last read %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 unreachable, never read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (cut off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At or below the overdraft floor (%1): cut off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance per user (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at or below the floor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours by GPU model this month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no use yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance per user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No balances to draw: the policy in force has no [tokens] section, so no token books are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No balances: no [tokens] section, no token books.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No balances to draw yet: the books have no entries (they are built from the readings of the first whole hour).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger of user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger entries of kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balances this month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours by GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, at or below the floor: cut off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance per user in tokens; the floor is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPU-hours: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours by GPU model this month: no use yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Trace</name>
    <message>
        <source> on line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate reading of &quot;%1&quot; at %2: the same time as its reading%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading of &quot;%1&quot; at %2 is older than its previous reading at %3%4 (readings must be in time order per server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open for writing: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: trace is not open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line longer than %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last line is cut short (was the recorder stopped mid-write?): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::UnitChoiceModel</name>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a (MIG)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A MIG instance scores its free-memory fraction alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score = weight × free-memory fraction + weight × idle fraction; best first, ties by GPU index.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Units</name>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::UsageMeter</name>
    <message>
        <source>%1: reading at %2 ms not after the last one (%3 ms): refused, not charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: process %2 on GPU %3, which is not in the reading: not charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: process %2 on %3 has no user: its GPU time is not charged to anyone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: GPU %2 reports no name: its use is not charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: MIG instance %2 on %3: slices unknown, charged as the whole GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no utilisation for %2 on %3: its used time is charged as held</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::UserText</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::VerdictBook</name>
    <message>
        <source> · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU failing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU degraded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::WelcomePanel</name>
    <message>
        <source>&amp;Add an agent…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the &amp;demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the &amp;guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy the commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands that install an agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opens File → Servers… to add an agent&apos;s address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch a GPU server: install the agent on it, make a token for this desktop, then add the server&apos;s address and the token here:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent answers on the server&apos;s loopback only. Reach it through SSH (ssh -L 9807:localhost:9807 SERVER, then add http://localhost:9807), or give it TLS and let it listen on the network (the guide&apos;s “Security”).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A simulated lab of three servers, with hogs, idle jobs, events and token books, in a window of its own. Nothing of it is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing, watching servers, history, policies, jobs, token books, reports and security, step by step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to watch yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Warden shows every GPU of your shared servers: utilisation, memory, temperature and power, who runs which process on it, and the history of all of it. Its policies find GPU hogs, idle jobs holding GPUs and fair-share breaches; it keeps per-user token books and writes daily reports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine has no GPU that GPU Warden can read, and no server is watched yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run keeps no server list (File → Servers… is off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>my-desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo could not be started (%1 --demo).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guide is not installed here: it is docs/guide in GPU Warden&apos;s sources, and /usr/share/doc/gpuwarden/guide with the package.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No program here opens the guide; it is at %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Workload</name>
    <message>
        <source>container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pod %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pod %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LXC container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::Xid</name>
    <message>
        <source>XID %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XID %1 (not in NVIDIA&apos;s catalogue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no action needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restart the application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reset the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reboot the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>have the hardware checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>update the driver or firmware</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::cli</name>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 must be a whole number from %2 to %3, not &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run: how many GPUs (1 to 64).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run: the GPU count from a model&apos;s parallelism, &quot;tp=4,pp=2,dp=1&quot; (world size = tp × pp × max(dp, cp, dcp)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run: a task file (JSON or TOML) with the parallelism and the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run: free memory each GPU needs, such as 8GiB (default: none with --gpus; from the model&apos;s size with --parallel or --task).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run: refuse GPUs busier than this percentage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>percent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run: MIG instances as units: allow (when not enough whole GPUs qualify), only, never (default: allow).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allow|only|never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run: wait up to this long for enough GPUs, such as 5m (default: 0, answer at once).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, run with --source: how long the agent holds the GPUs for the job to start (default: 2m).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select, wait, run, advise: the user the GPUs are for (default: your login name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>advise: high, normal (default) or low.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>advise: how often the job has waited already (the back-off doubles with each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the number of GPUs: --gpus N, --parallel tp=4,pp=2 or --task FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give only one of --gpus, --parallel and --task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--parallel: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--task: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs %2 GPUs; at most %3 can be asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: world size %2 × %3 × max(%4, %5, %6) = %7 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--min-free: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-util must be a percentage from 0 to 100, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--mig must be allow, only or never, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--policy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--wait: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--ttl must be from 1s to 24h, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--ttl: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--user must name a user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no login name found: give --user NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU found on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU found on this machine: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent granted %1 units, %2 asked; not used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent granted nothing (HTTP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reservations unknown, waiting as if there were none: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: qualifies (score %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (score %2, %3 MiB free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserved on %1 for %2 until %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing reserved (wait only waits; select reserves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no agent: nothing reserved (--source URL reserves at the agent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>advise needs an agent (--source URL): advice comes from the agent&apos;s record of each user&apos;s use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--priority: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 priority) may use %3% of the GPUs now, uses %4%
  quota:     %5
  load band: %6
  defensive: %7
%8
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: give --trace FILE or --history FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (or --demo, or --source URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--demo-servers: expected 1..%1, got &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--tz: &quot;%1&quot; is not a time zone (such as Europe/Berlin or UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a time (write 2026-11-24T09:00:00+01:00, 2026-11-24 09:00 or milliseconds since the epoch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the range is empty (--to must be after --from)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 needs the range: give --from (and --to, default now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: give --format csv or --format pdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --format &quot;%1&quot; is not known (csv or pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --split needs --output FOLDER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --split is for CSV; a PDF is one file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --paper is for --format pdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --paper &quot;%1&quot; is not known (a4 or letter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: a PDF is not for the terminal: give --output FILE (or --output - into a pipe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --format pdf needs the report command first on the command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--policy must name a policy file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: give --last or --from/--to, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--last: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the span must be longer than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: the range is empty (--to must be after --from)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --to needs --from (or give --last)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: the PDF could not be made</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run: how often the job&apos;s GPUs are read, such as 1s or 200ms (default 1s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run: write the run record (JSON) to this file instead of a summary on stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run: give the command after --, such as: gpuwarden-cli run --gpus 1 -- python train.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run reads one agent: give --source once (select picks a server among several)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--interval: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--interval must be from 10ms to 1h, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reservation %1 released: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reservation %1 already ended at the agent (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reservation %1 not released: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace cannot be written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running %1 on %2 with CUDA_VISIBLE_DEVICES=%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the agent failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job&apos;s processes appeared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job did not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run record written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 readings written to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no [tokens] section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no readings from %1 %2–%3: not charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>granted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours by model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (at or below the floor, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no users in the range
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ledger of %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no entries
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>balance (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token balances at %1, hours closed up to %2 (%3)

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no users yet
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens: give --policy FILE (its [tokens] section prices the GPU time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--compare must name a policy file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no readings in the range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token books %1 to %2 (%3), policy %4

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpuwarden-cli: %1 readings of %2 servers were written to %3 before the error
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpuwarden-cli: %1 readings of %2 servers written to %3%4
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (stopped by a signal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token %1: --source URL is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpuwarden-cli: token stored in the keychain as &quot;%1&quot;
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpuwarden-cli: no token in the keychain as &quot;%1&quot; any more
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gpuwarden-cli: keychain, token %1 &quot;%2&quot;: %3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>doctor --source URL asks an agent to check itself (an admin token); on the agent&apos;s machine, gpuwarden-agent doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --demo or --source, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo fleet is simulated: nothing reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no account)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>me: the agent&apos;s Unix socket (default %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 (reading of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the agent has no reading yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  your processes: none on a GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  your processes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    PID %1  %2  GPU %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  account %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  the server: %1 of %2 GPUs in use, %3 yours; %4 other people with %5 processes; %6 callers waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  event: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    next: %1 at %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (dry run: recorded, nothing done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  reserved: GPUs %1 until %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  account: %1; caps: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  fair share: %1 % of the server lately (quota %2 %); decayed usage %3 server-hours, factor %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  tokens: no token books on this server ([tokens] is off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  tokens: balance %1 (cut off at %2); holding what you hold costs %3 an hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  usage %1: %2 GPU-hours; by model: %3; by account: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach the agent at %1: %2 (is gpuwarden-agent running with [agent] socket = &quot;%1&quot;?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent at %1 did not answer with a standing (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --by &quot;%1&quot; is not known (user, account or job)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report: --by is for one CSV table (the PDF and --split hold every table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report --by account: no process in the range had an account (a Slurm job&apos;s, a label&apos;s or an [owners] rule&apos;s); the table is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report --by job: no Slurm job held a GPU in the range; the table is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report --by user: no GPU time was charged to anyone in the range; the table is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run --demo: the demo fleet&apos;s GPUs are simulated and cannot run a command (select --demo and wait --demo answer from the demo fleet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is missing (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: too many arguments (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a percentage from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 must be %2, not &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not take --%2 (an option of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--demo-servers is the size of the demo fleet: give --demo with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replay: what if [quota] half_life were DURATION (1h–90d); the fair share each user ends with is printed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replay: what if user NAME&apos;s [quota] share were PERCENT (repeatable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--half-life: &quot;%1&quot; is not a duration from 1h to 90d%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--share: &quot;%1&quot; is not NAME=PERCENT with a percent from 0 to 100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 h, factor %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account %1 %2 h%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, factor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fair share at the end, %1: %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no usage remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replay: the range is empty (--to must be after --from)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: the history keeps no GPU power limit, so idle confirm_power checks only that memory stays flat
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 readings of %3 replayed (%4 outside the range): %5 hog, %6 idle, %7 fair-share events (policy: %8)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what if: half-life %1%2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 share(s) replaced</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::coord</name>
    <message>
        <source>quota %1 for %2, as in effect now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quota %1 for %2 from [quota.users]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default quota %1 (%2 has no quota of their own in effect now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>load %1 is in band %2 (up to %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown priority &quot;%1&quot; (high, normal or low)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adaptive quotas are off: ×1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high priority keeps its quota under load: ×1 (%1: ×%2 for others)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>defensive mode: hogs for %1 of the last %2 (over %3): ×%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not defensive: hogs for %1 of the last %2 (at most %3): ×1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low priority pauses first: the server is in its top load band (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low priority pauses first: the server is in defensive mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uses %2 of the server, under the %3 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uses %2 of the server, at or over the %3 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start now: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait %1 s: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (known: tp, pp, dp, cp, dcp or their long spellings such as tensor-parallel-size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole number from 1 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is given twice (&quot;%2&quot; and &quot;%3&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: the top level must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a string, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an object, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a date or time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model must be a string, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parallelism must be a table, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no parallelism given: write it as &quot;tp=4,pp=2,dp=1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty item in &quot;%1&quot;: items are key=value, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not key=value: write it as &quot;tp=4,pp=2,dp=1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the task file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no parameter count in the name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters (65B or more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters (7B to under 65B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters (under 7B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3 MiB per GPU (model-size heuristic; --min-free overrides it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no memory size given: write it as &quot;8GiB&quot;, &quot;512MiB&quot; or a number of MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a memory size: write it as &quot;8GiB&quot;, &quot;512MiB&quot; or a number of MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no memory: the size must be at least 1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is more than 1 TiB per GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::owners</name>
    <message>
        <source>the cgroup file is %1 bytes, more than the %2 read: only its start is read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: the file ends inside this line (cut short?): the line is not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: not &quot;hierarchy-ID:controllers:path&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply ends inside its chunked body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a chunk size of the reply is not a hex number: &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply is over %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply ends before its headers do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an HTTP reply: &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply&apos;s Content-Length is not a size: &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply ends after %1 of its %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the container&apos;s JSON is malformed at offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the container&apos;s JSON is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the container&apos;s JSON has no Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the container&apos;s label &quot;%1&quot; is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kubelet&apos;s reply is not a ListPodResourcesResponse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the kubelet&apos;s reply is not an AllocatableResourcesResponse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pod %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespace %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container name %1 matches &quot;%2&quot;%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the process&apos;s user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (root inside, no rule names a person)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scontrol: no JobId in &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scontrol: JobId &quot;%1&quot; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scontrol: job %1: UserId &quot;%2&quot; is not name(uid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scontrol listpids: line %1 is not &quot;PID JOBID STEPID …&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no answer within %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the reply is over %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such socket (is the daemon running?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: HTTP %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such socket (no kubelet on this node, or its pod-resources folder is not mounted into the agent&apos;s container)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: permission denied (the agent needs root, or write access to the socket)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no answer to List within %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the kubelet has no v1 pod-resources API (Kubernetes before 1.20)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: List failed: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the kubelet has no GetAllocatableResources (Kubernetes before 1.21): which GPUs it may assign is not known, which pod holds which GPU still is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: GetAllocatableResources failed: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::owners::OwnerResolver</name>
    <message>
        <source>pod names are not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pod %1 runs on %2, which the kubelet assigned to pod %3/%4, while another GPU showed it to be pod %5/%6: its pod is not named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>container names are not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm job names are not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer within %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scontrol show job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::owners::SlurmCanceller</name>
    <message>
        <source>no such job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 did not end within %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 exited with %3, saying nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 exited with %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::owners::WorkloadStopper</name>
    <message>
        <source>the Engine API at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not stopped by GPU Warden (docs/enforcement.md)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::policy</name>
    <message>
        <source>%1: valid
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a string in quotes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be %2, not &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each entry of &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an entry of &quot;%1&quot; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is listed twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid group name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a &quot;share&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the share of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each entry of &quot;windows&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;windows&quot; is empty: leave it out for a quota that always applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a share (0-100) or { share = …, windows = [...] }</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the users&apos; shares add up to %1 %, more than the server has; each is still a ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a finite number, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 or below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pattern in [tokens.prices] is empty: write a part of the GPU&apos;s name, such as &quot;RTX 3090&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>price &quot;%1&quot; repeats &quot;%2&quot; (line %3); patterns are matched ignoring case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the price of &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 or more tokens per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pattern in %1 is empty: write a container&apos;s name, with * for any run of characters and ? for one, such as &quot;train-*&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a Kubernetes namespace (lower-case letters, digits and &apos;-&apos;, at most 63 characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be { user = &quot;…&quot;, account = &quot;…&quot; }</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; of %2 is empty: leave it out instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 names neither a &quot;user&quot; nor an &quot;account&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; an account is a table, [accounts.%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an account name (letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, at most 64 characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each member of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a user name or &quot;@group&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a member of %2 and of [accounts.%3] (line %4): a person&apos;s use is charged to one account; a job names another through its Slurm account or its labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number of GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;share&quot; of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;max_gpus_per_member&quot; (%2) is more than &quot;max_gpus&quot; (%3): no member can reach it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the accounts&apos; shares add up to %1 %, more than the server has</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a valid URL, such as &quot;https://host.example.org/…&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an http:// or https:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not an e-mail address, such as &quot;alice@lab.example.org&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a Matrix room id, such as &quot;!AbCdEf:matrix.example.org&quot; (a room the agent&apos;s account is in, such as a direct chat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a language code, such as &quot;de&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; a person&apos;s contacts are a table, [contacts.%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not an address pattern, such as &quot;{user}@example.org&quot; ({user} is the only placeholder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a relay, such as &quot;smtp://mail.example.org:25&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not an e-mail address, such as &quot;gpuwarden@lab.example.org&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a language code, such as &quot;en&quot; or &quot;de&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each entry of &quot;warnings&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; must be shorter than &quot;time_window&quot; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each band ({ up_to = …, multiplier = … })</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a band</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a band needs &quot;up_to&quot; (percent busy) and &quot;multiplier&quot; (0-1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bands must go up: &quot;up_to&quot; %1 after %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;up_to&quot; must be above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;bands&quot; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last band must reach &quot;up_to&quot; = 100, not %1, so every load has one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; is not a valid URL, such as &quot;https://hooks.example.com/services/…&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; must be an http:// or https:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;time_zone&quot; is empty: leave it out for this machine&apos;s zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;time_zone&quot;: &quot;%1&quot; is not a known time zone; write an IANA name such as &quot;Europe/Berlin&quot; or &quot;UTC&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;currency&quot;: &quot;%1&quot; is not a currency as a report writes it: 1 to 8 characters, no spaces, such as &quot;EUR&quot; or &quot;€&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a label key (no spaces, no &apos;=&apos;); write &quot;&quot; for none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_namespaces&quot; is not a Kubernetes namespace (lower-case letters, digits and &apos;-&apos;, at most 63 characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_labels&quot; is not a label: write &quot;key=value&quot;, or &quot;key&quot; for any value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_jobs&quot; is not a Slurm job id (a number, such as &quot;1234&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[allocate]: &quot;free_memory_weight&quot; and &quot;idle_weight&quot; are both 0: every GPU would score the same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[energy]: &quot;currency&quot; without &quot;price_per_kwh&quot;: the report shows no cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day HH:MM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day (00:00 to 23:59, or 24:00 as an end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write days and a time range, such as &quot;Mon-Fri 09:00-17:00&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a day or a range of days (Mon, Tue, Wed, Thu, Fri, Sat, Sun; &quot;Mon-Fri&quot;, &quot;Sat,Sun&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time range such as 09:00-17:00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the window starts and ends at the same time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration: write a whole number and s, m, h or d, such as &quot;30s&quot;, &quot;10m&quot;, &quot;2h&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be longer than zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown section [%1]; the known sections are %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; (write it as a section, [%1])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hog: %1 % GPU for %2, per %3, alert %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle: below %1 % GPU for %2 holding ≥ %3 MiB, power check %4; warnings %5; then %6%7, SIGKILL after %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terminate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (dry run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle exempt: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quota: over %1, default %2 %; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accounts: GPUs per person %1; the cap rule %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>acts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>account %1: %2; GPUs %3, per member %4%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(members from the owner rules)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; share %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adaptive: %1; %2; defensive ×%3 when hogs are present over %4 % of %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alerts: no webhook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alerts: webhook %1, at most one per kind and user every %2, %3 retries, timeout %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mail through %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matrix at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terminals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no terminals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contacts: %1 listed%2%3; default address %4; %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, more in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 opted out of notices that enforce nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocate: score %1 × free memory + %2 × idle; reservations last %3, waits at most %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens: no books</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>others %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per kWh (energy used)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per GPU-hour (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weighted by use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens: %1; initial %2, monthly %3, daily %4 %5, floor %6; days in %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>while negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>always</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine&apos;s zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens users: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens enforcement: %1%2; demand %3 % for %4%5; steps every %6, kill grace %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or a refused allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 per kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no currency)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 g CO2 per kWh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no CO2 intensity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>energy: %1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owners: labels %1 and %2, Slurm&apos;s user and account %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owners namespaces: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owners containers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owners exempt: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a list in brackets, [...]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a table: write [%1]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>gw::writeFileWhole</name>
    <message>
        <source>%1: cannot write: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Monitoring and admin for shared GPU servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try gpuwarden --help for the options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watching remote servers only (--no-local).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies off: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies unchanged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a simulated fleet of three servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a simulated fleet of this many servers (1 to 64; from the fourth on, 8 GPUs each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling interval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the window (with its open dialogs) as PNG after --quit-after-ms, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the window after this long (for tests).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not sample this machine; watch only the configured servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings file (servers list; default: the user&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History file (default: in the application&apos;s data folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep no history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep every reading this many days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep per-minute roll-ups this many days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep per-hour roll-ups this many days.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open on this page: overview, processes, details, events, tokens, enforcement or fair-share (the Tokens page&apos;s second and third tabs), or with a dialog open: find-gpus (Find GPUs), prices (the token price editor), report (the report dialog, building the last 24 h).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filling the demo&apos;s past week: %1 %…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 are one agent (%3): its figures are shown twice; remove one in File → Servers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is another agent now (%2, before %3): the two are kept apart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history of the agent %1 was before is kept apart as &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history of &quot;%1&quot; (the same agent) is now under %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the history of &quot;%1&quot; (the same agent) stays under that name: %2 has one of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
