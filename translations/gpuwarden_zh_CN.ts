<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>gw::Accounts</name>
    <message>
        <source>1 GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>cap of %1 per person</source>
        <translation>每人上限 %1</translation>
    </message>
    <message>
        <source>cap of %1 per member of account %2</source>
        <translation>账户 %2 每个成员上限 %1</translation>
    </message>
    <message>
        <source>cap of %1 for account %2</source>
        <translation>账户 %2 上限 %1</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>账户 %1</translation>
    </message>
    <message>
        <source>%1 holds %2</source>
        <translation>%1 已占用 %2 个</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2, asks for %3 more</source>
        <translation>%1：%2，还申请 %3 个</translation>
    </message>
</context>
<context>
    <name>gw::AdjustBalanceDialog</name>
    <message>
        <source>Adjust balance</source>
        <translation>调整余额</translation>
    </message>
    <message>
        <source>Tokens to add (negative: to take away).</source>
        <translation>要增加的代币（负数：扣除）。</translation>
    </message>
    <message>
        <source>Why (required), e.g. &quot;deadline extension&quot;</source>
        <translation>原因（必填），例如 &quot;截止日期延期&quot;</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>数量(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>原因(&amp;R)：</translation>
    </message>
    <message>
        <source>Adjust</source>
        <translation>调整</translation>
    </message>
    <message>
        <source>The adjustment is added to the agent&apos;s ledger, with your name and the reason.</source>
        <translation>调整将连同您的姓名和原因一起记入代理的账目。</translation>
    </message>
    <message>
        <source>No agent keeps these books: they are computed on this computer from its readings, so the adjustment is not recorded anywhere yet.</source>
        <translation>没有代理保管这些账本：它们由本机根据其读数计算得出，因此此调整尚未记录在任何地方。</translation>
    </message>
    <message>
        <source>The adjustment is added to the ledger %1 keeps, with the name of this desktop&apos;s token for it and the reason.</source>
        <translation>调整将记入 %1 保管的账目，并附上此桌面端为其使用的访问令牌名称和原因。</translation>
    </message>
    <message>
        <source>Sending to %1…</source>
        <translation>正在发送到 %1…</translation>
    </message>
    <message>
        <source>Not adjusted: %1</source>
        <translation>未调整：%1</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
</context>
<context>
    <name>gw::AgentBooks</name>
    <message>
        <source>This desktop watches no agents: the books are computed here from its own readings.</source>
        <translation>此桌面端未监视任何代理：账本在本机根据其自身读数计算。</translation>
    </message>
    <message>
        <source>%1 relays the books of %2, which this desktop does not watch.</source>
        <translation>%1 转发 %2 的账本，而此桌面端未监视该代理。</translation>
    </message>
    <message>
        <source>its keeper</source>
        <translation>其保管方</translation>
    </message>
    <message>
        <source>%1 keeps no token books (its policy has no [tokens]).</source>
        <translation>%1 不保管代币账本（其策略中没有 [tokens]）。</translation>
    </message>
    <message>
        <source>No watched agent keeps the token books: they are computed here from this desktop&apos;s readings.</source>
        <translation>所监视的代理均不保管代币账本：账本在本机根据此桌面端的读数计算。</translation>
    </message>
    <message>
        <source>The token books of %1 could not be read: %2</source>
        <translation>无法读取 %1 的代币账本：%2</translation>
    </message>
    <message>
        <source>No agent keeps these books: the adjustment has nowhere to go.</source>
        <translation>没有代理保管这些账本：此调整无处记录。</translation>
    </message>
</context>
<context>
    <name>gw::AgentLink</name>
    <message>
        <source>%1: not a samples reply (no &quot;samples&quot;, &quot;next&quot; or &quot;last_sequence&quot;); is this a gpuwarden-agent?</source>
        <translation>%1：不是采样应答（没有 &quot;samples&quot;、&quot;next&quot; 或 &quot;last_sequence&quot;）；这是 gpuwarden-agent 吗？</translation>
    </message>
    <message>
        <source>no new reading for %1 s; the agent answers but takes no readings</source>
        <translation>%1 s 内没有新读数；代理有应答但未获取读数</translation>
    </message>
    <message>
        <source>%1: /v1/info has no stream or last_sequence; is this a gpuwarden-agent?</source>
        <translation>%1：/v1/info 中没有 stream 或 last_sequence；这是 gpuwarden-agent 吗？</translation>
    </message>
    <message>
        <source>%1: not an events reply (no &quot;events&quot;, &quot;next&quot; or &quot;last_sequence&quot;)</source>
        <translation>%1：不是事件应答（没有 &quot;events&quot;、&quot;next&quot; 或 &quot;last_sequence&quot;）</translation>
    </message>
    <message>
        <source>no &quot;event&quot; object</source>
        <translation>没有 &quot;event&quot; 对象</translation>
    </message>
    <message>
        <source>%1: /v1/allocate: %2</source>
        <translation>%1：/v1/allocate：%2</translation>
    </message>
    <message>
        <source>%1 answers as another agent since %2 (identity %3, before %4): its readings and history are kept apart from the earlier agent&apos;s</source>
        <translation>%1 自 %2 起以另一个代理的身份应答（标识 %3，之前为 %4）：其读数和历史与先前代理的分开保存</translation>
    </message>
    <message>
        <source>%1: /v1/samples: %2</source>
        <translation>%1：/v1/samples：%2</translation>
    </message>
    <message>
        <source>%1: no reading of %2 is usable: %3</source>
        <translation>%1：%2 的读数均不可用：%3</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>正在连接</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>过时</translation>
    </message>
    <message>
        <source>no token given</source>
        <translation>未提供访问令牌</translation>
    </message>
    <message>
        <source>the token was refused</source>
        <translation>访问令牌被拒绝</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>认证失败</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <source>certificate not trusted</source>
        <translation>证书不受信任</translation>
    </message>
    <message>
        <source>certificate changed</source>
        <translation>证书已更改</translation>
    </message>
    <message>
        <source>bad replies</source>
        <translation>应答无效</translation>
    </message>
    <message>
        <source>clock %1 s ahead</source>
        <translation>时钟快 %1 s</translation>
    </message>
    <message>
        <source>clock %1 s behind</source>
        <translation>时钟慢 %1 s</translation>
    </message>
</context>
<context>
    <name>gw::AgentReadings</name>
    <message>
        <source>--source: give the range (--from, and --to, default now)</source>
        <translation>--source：请给出范围（--from，以及 --to，默认为现在）</translation>
    </message>
    <message>
        <source>%1: /v1/info has no now_ms</source>
        <translation>%1：/v1/info 中没有 now_ms</translation>
    </message>
    <message>
        <source>after reading %1 (the reading of %2)</source>
        <translation>第 %1 个读数之后（%2 的读数）</translation>
    </message>
    <message>
        <source>after line %1 (the reading of %2)</source>
        <translation>第 %1 行之后（%2 的读数）</translation>
    </message>
    <message>
        <source>before the first reading</source>
        <translation>第一个读数之前</translation>
    </message>
    <message>
        <source>%1: line %2: %3</source>
        <translation>%1：第 %2 行：%3</translation>
    </message>
    <message>
        <source>the server&apos;s certificate is not the pinned one</source>
        <translation>服务器的证书与固定的证书不符</translation>
    </message>
    <message>
        <source>the last reading is cut</source>
        <translation>最后一个读数被截断</translation>
    </message>
    <message>
        <source>the last line is cut</source>
        <translation>最后一行被截断</translation>
    </message>
    <message>
        <source>%1: the readings stopped %2: %3</source>
        <translation>%1：读数中止于%2：%3</translation>
    </message>
    <message>
        <source>%1: the readings are not a CBOR array of indefinite length</source>
        <translation>%1：读数不是不定长的 CBOR 数组</translation>
    </message>
    <message>
        <source>%1: reading %2: %3</source>
        <translation>%1：读数 %2：%3</translation>
    </message>
    <message>
        <source>%1: the agent&apos;s policy cannot be read back: %2; give --policy</source>
        <translation>%1：无法读回代理的策略：%2；请指定 --policy</translation>
    </message>
    <message>
        <source>the agents&apos; policies differ (%1 and %2): the report uses the policy of %1; give --policy to choose</source>
        <translation>各代理的策略不同（%1 和 %2）：报告使用 %1 的策略；可用 --policy 指定</translation>
    </message>
    <message>
        <source>%1: the readings stopped %2: a line longer than %3 MiB</source>
        <translation>%1：读数中止于%2：有一行超过 %3 MiB</translation>
    </message>
</context>
<context>
    <name>gw::AgentServer</name>
    <message numerus="yes">
        <source>the policy has %n error(s); nothing was changed</source>
        <translation>
            <numerusform>策略有 %n 个错误；未做任何更改</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than %n day(s)</source>
        <translation>
            <numerusform>范围超过 %n 天</numerusform>
        </translation>
    </message>
    <message>
        <source>reading %1: %2</source>
        <translation>读数 %1：%2</translation>
    </message>
    <message>
        <source>the readings after number %1 were removed from the journal while the replay read them (they passed its retention): the replay stopped there; ask for a range that starts later</source>
        <translation>回放读取期间，第 %1 个之后的读数已从日志中移除（已超出其保留期限）：回放在此停止；请请求一个更晚开始的范围</translation>
    </message>
    <message>
        <source>the agent runs in a PID namespace of its own (a container without the host&apos;s, e.g. without --pid=host): the driver&apos;s process ids are not its own, so no GPU process is named; run it in the host&apos;s PID namespace</source>
        <translation>代理运行在独立的 PID 命名空间中（容器未使用主机的 PID 命名空间，例如未加 --pid=host）：驱动报告的进程 ID 不属于该命名空间，因此无法指明任何 GPU 进程；请在主机的 PID 命名空间中运行代理</translation>
    </message>
    <message numerus="yes">
        <source>a replay is running, the one this agent runs at a time; ask again in %n s</source>
        <translation>
            <numerusform>正在进行一次回放，本代理同一时间只运行一次；请在 %n 秒后再试</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation>%1：无法读取策略：%2</translation>
    </message>
    <message>
        <source>refused; the policy in force (version %1) stays</source>
        <translation>已拒绝；当前生效的策略（版本 %1）保持不变</translation>
    </message>
    <message>
        <source>send the policy (policy.toml text) as the request body</source>
        <translation>请将策略（policy.toml 文本）作为请求正文发送</translation>
    </message>
    <message>
        <source>cannot keep the previous policy as %1</source>
        <translation>无法将先前的策略保存为 %1</translation>
    </message>
    <message>
        <source>cannot write %1 (%2); the policy in force stays</source>
        <translation>无法写入 %1（%2）；当前生效的策略保持不变</translation>
    </message>
    <message>
        <source>the agent has no policy file configured ([policy] path): the policy is in force until the agent restarts</source>
        <translation>代理未配置策略文件（[policy] path）：该策略在代理重启前有效</translation>
    </message>
    <message>
        <source>&quot;from&quot; and &quot;to&quot; are required (ms since the epoch)</source>
        <translation>必须提供 &quot;from&quot; 和 &quot;to&quot;（自纪元以来的 ms 数）</translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation>&quot;to&quot; 必须晚于 &quot;from&quot;</translation>
    </message>
    <message>
        <source>the replay found %1 events, the most one answer holds, and stopped after the reading at %2 ms; replay from there for the rest</source>
        <translation>回放找到 %1 个事件，已达单次应答的上限，并在 %2 ms 处的读数之后停止；请从该处继续回放其余部分</translation>
    </message>
</context>
<context>
    <name>gw::AgentWire</name>
    <message>
        <source>%1: the server&apos;s certificate changed and is refused: it differs from the pinned one. Pinned SHA-256 %2, offered %3. If the certificate was replaced on purpose, check the new fingerprint on the server and pin it again.</source>
        <translation>%1：服务器的证书已更改，已被拒绝：它与固定的证书不同。固定的 SHA-256 为 %2，提供的为 %3。如果证书是有意更换的，请在服务器上核对新指纹并重新固定。</translation>
    </message>
    <message>
        <source>%1: no trusted CA vouches for the server&apos;s certificate (%2). Its SHA-256 fingerprint is %3; pin it only after checking it on the server.</source>
        <translation>%1：没有受信任的 CA 为服务器的证书担保（%2）。其 SHA-256 指纹为 %3；请先在服务器上核对，再固定它。</translation>
    </message>
    <message>
        <source>%1: the reply is larger than %2 bytes; refused</source>
        <translation>%1：应答大于 %2 字节；已拒绝</translation>
    </message>
    <message>
        <source>%1: no complete reply within %2 s, the deadline of the whole call (the agent sends too slowly)</source>
        <translation>%1：在整个调用的期限 %2 s 内未收到完整应答（代理发送过慢）</translation>
    </message>
    <message>
        <source>%1: no complete reply in time (the agent is slow or stuck)</source>
        <translation>%1：未按时收到完整应答（代理响应缓慢或卡住）</translation>
    </message>
    <message>
        <source>%1: unreachable: %2</source>
        <translation>%1：无法访问：%2</translation>
    </message>
    <message>
        <source>%1: the reply broke off (%2)</source>
        <translation>%1：应答中断（%2）</translation>
    </message>
    <message>
        <source>%1: malformed JSON at offset %2: %3</source>
        <translation>%1：偏移量 %2 处的 JSON 格式错误：%3</translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation>%1：应为 JSON 对象</translation>
    </message>
</context>
<context>
    <name>gw::AlertNotifier</name>
    <message>
        <source>%1: warning</source>
        <translation>%1：警告</translation>
    </message>
    <message>
        <source>%1: not acted on</source>
        <translation>%1：未执行操作</translation>
    </message>
    <message>
        <source>%1: would %2 (dry run)</source>
        <translation>%1：将%2（试运行）</translation>
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
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>SIGTERM sent</source>
        <translation>已发送 SIGTERM</translation>
    </message>
    <message>
        <source>SIGKILL sent</source>
        <translation>已发送 SIGKILL</translation>
    </message>
    <message>
        <source>dry run: %1</source>
        <translation>试运行：%1</translation>
    </message>
    <message>
        <source>no answer within %1</source>
        <translation>%1 内无应答</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source> … and %1 more</source>
        <translation> … 以及另外 %1 条</translation>
    </message>
    <message>
        <source>worse: now failing</source>
        <translation>恶化：现为故障</translation>
    </message>
</context>
<context>
    <name>gw::AllocationDesk</name>
    <message>
        <source>the agent has not taken a reading yet</source>
        <translation>代理尚未获取读数</translation>
    </message>
    <message>
        <source>1 GPU asked</source>
        <translation>请求 1 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs asked</source>
        <translation>请求 %1 个 GPU</translation>
    </message>
    <message>
        <source>1 qualifies</source>
        <translation>1 个符合条件</translation>
    </message>
    <message>
        <source>%1 qualify</source>
        <translation>%1 个符合条件</translation>
    </message>
    <message>
        <source> after waiting %1 s</source>
        <translation>（已等待 %1 s）</translation>
    </message>
    <message>
        <source>%1 callers are waiting, the most this agent holds with its descriptor limit: callers that would wait are answered 503 until fewer wait</source>
        <translation>%1 个调用方正在等待，已达到此代理在其文件描述符限制下可容纳的上限：在等待数减少之前，需要等待的调用方将收到 503 应答</translation>
    </message>
    <message>
        <source>%1 callers are already waiting for GPUs, the most this agent holds with its descriptor limit; ask again in %2 s</source>
        <translation>已有 %1 个调用方在等待 GPU，已达到此代理在其文件描述符限制下可容纳的上限；请在 %2 s 后重试</translation>
    </message>
    <message>
        <source>%1 callers waiting: callers may wait again</source>
        <translation>%1 个调用方正在等待：调用方可以再次等待</translation>
    </message>
    <message>
        <source>no reservation %1 is held (it ended, expired, or never was)</source>
        <translation>未持有预留 %1（它已结束、已过期或从未存在）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is given more than once</source>
        <translation>&quot;%1&quot; 被指定了多次</translation>
    </message>
    <message>
        <source>&quot;user&quot;: expected 1 to %1 characters (?user=NAME)</source>
        <translation>&quot;user&quot;：应为 1 到 %1 个字符（?user=NAME）</translation>
    </message>
    <message>
        <source>the policy engine has no reading of this server yet</source>
        <translation>策略引擎尚无此服务器的读数</translation>
    </message>
    <message>
        <source>the policy engine has not evaluated a reading of %1 yet</source>
        <translation>策略引擎尚未评估 %1 的读数</translation>
    </message>
</context>
<context>
    <name>gw::AuditLog</name>
    <message>
        <source> on GPU %1</source>
        <translation>，位于 GPU %1</translation>
    </message>
    <message>
        <source>Token books on %1: %2 (PID %3, %4)%5 — %6: %7</source>
        <translation>%1 上的代币账本：%2（PID %3，%4）%5 — %6：%7</translation>
    </message>
</context>
<context>
    <name>gw::AuditModel</name>
    <message>
        <source>%1: %2 of %3&apos;s process %4 (%5) by %6, %7: %8%9</source>
        <translation>%1：%6 对 %3 的进程 %4（%5）执行%2，%7：%8%9</translation>
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
        <translation>时间</translation>
    </message>
    <message>
        <source>By</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>gw::BalanceEnforcer</name>
    <message>
        <source>notify</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>renice</source>
        <translation>降低优先级</translation>
    </message>
    <message>
        <source>send SIGTERM to</source>
        <translation>发送 SIGTERM 给</translation>
    </message>
    <message>
        <source>send SIGKILL to</source>
        <translation>发送 SIGKILL 给</translation>
    </message>
    <message>
        <source>dry run: would %1: %2 runs in it</source>
        <translation>试运行：将%1：%2 在其中运行</translation>
    </message>
    <message>
        <source>dry run: would %1 %2</source>
        <translation>试运行：将%1 %2</translation>
    </message>
    <message>
        <source>%1 notified: %2</source>
        <translation>已通知 %1：%2</translation>
    </message>
    <message>
        <source>asked to %1: %2 runs in it</source>
        <translation>已请求%1：%2 在其中运行</translation>
    </message>
    <message>
        <source>process %1 already got SIGTERM; its SIGKILL follows if it still runs</source>
        <translation>进程 %1 已收到 SIGTERM；如果仍在运行，随后将发送 SIGKILL</translation>
    </message>
    <message>
        <source>%1 is not a candidate now</source>
        <translation>%1 目前不是候选对象</translation>
    </message>
    <message>
        <source>enforcement is off: no step is due</source>
        <translation>强制执行已关闭：没有待执行的步骤</translation>
    </message>
    <message>
        <source>no step is due for %1</source>
        <translation>%1 没有待执行的步骤</translation>
    </message>
    <message>
        <source>the step due for %1 is %2, not %3</source>
        <translation>%1 待执行的步骤是 %2，而不是 %3</translation>
    </message>
    <message>
        <source>%1 is due for %2 in %3 s</source>
        <translation>%2 的步骤 %1 将在 %3 s 后到期</translation>
    </message>
    <message>
        <source>%1 declined by %2</source>
        <translation>%1 已被 %2 拒绝</translation>
    </message>
    <message>
        <source>%1 declined by %2: %3</source>
        <translation>%1 已被 %2 拒绝：%3</translation>
    </message>
    <message>
        <source>pid: &quot;%1&quot; is not a process id</source>
        <translation>pid：&quot;%1&quot; 不是进程 ID</translation>
    </message>
    <message>
        <source>%1 is protected by [tokens] protected_users or protected_commands: never touched</source>
        <translation>%1 受 [tokens] protected_users 或 protected_commands 保护：从不处理</translation>
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
        <translation>余额随时间的变化（代币）</translation>
    </message>
    <message>
        <source>Balance of %1 over time (tokens)</source>
        <translation>%1 的余额随时间的变化（代币）</translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation>下限 %1</translation>
    </message>
    <message>
        <source>No ledger entries yet</source>
        <translation>尚无账目</translation>
    </message>
    <message>
        <source>No balances to draw.</source>
        <translation>没有可绘制的余额。</translation>
    </message>
    <message>
        <source>balance %1 tokens; lowest %2, highest %3 since %4</source>
        <translation>余额 %1 代币；自 %4 起最低 %2，最高 %3</translation>
    </message>
    <message>
        <source>at or below the floor (%1)</source>
        <translation>达到或低于下限（%1）</translation>
    </message>
    <message>
        <source>No balances to show.</source>
        <translation>没有可显示的余额。</translation>
    </message>
    <message numerus="yes">
        <source>Balance over time from %1 to %2: %n users</source>
        <translation>
            <numerusform>余额随时间变化，%1 至 %2：%n 个用户</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::ClockEventBand</name>
    <message>
        <source>Clock slowdowns</source>
        <translation>时钟降频</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 持续 %2</translation>
    </message>
    <message>
        <source>Clock slowdowns: none in this range</source>
        <translation>时钟降频：此范围内无</translation>
    </message>
    <message>
        <source>Clock slowdowns: not reported</source>
        <translation>时钟降频：未报告</translation>
    </message>
    <message>
        <source>Clocks slowed by %1 from %2 to %3 (%4)</source>
        <translation>时钟因 %1 降频，自 %2 至 %3（%4）</translation>
    </message>
</context>
<context>
    <name>gw::CommandLine</name>
    <message>
        <source>Read a gpuwarden-agent at this URL instead of this machine (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation>读取此 URL 上的 gpuwarden-agent，而非本机（未指定时端口为 9807；访问令牌取自 GPUWARDEN_TOKEN，否则取自密钥链）。</translation>
    </message>
    <message>
        <source>Also watch the gpuwarden-agent at this URL, beside this machine and the servers of File → Servers… (port 9807 unless given; token from GPUWARDEN_TOKEN, else from the keychain).</source>
        <translation>除本机和“文件 → 服务器…”中的服务器外，还监视此 URL 上的 gpuwarden-agent（未指定时端口为 9807；访问令牌取自 GPUWARDEN_TOKEN，否则取自密钥链）。</translation>
    </message>
    <message>
        <source>url</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>With an https:// --source: accept only the certificate with this SHA-256 fingerprint (AB:CD:…, as openssl x509 -fingerprint -sha256 prints it), self-signed or not.</source>
        <translation>当 --source 为 https:// 时：只接受具有此 SHA-256 指纹的证书（AB:CD:…，即 openssl x509 -fingerprint -sha256 输出的格式），无论是否自签名。</translation>
    </message>
    <message>
        <source>sha256</source>
        <translation>sha256</translation>
    </message>
    <message>
        <source>--source: expected an http:// or https:// URL of an agent, got &quot;%1&quot;: %2</source>
        <translation>--source：应为代理的 http:// 或 https:// URL，实际为 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>--pin: expected a SHA-256 fingerprint (64 hex digits, colons allowed), got &quot;%1&quot;</source>
        <translation>--pin：应为 SHA-256 指纹（64 位十六进制数字，允许冒号），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--pin needs an https:// --source</source>
        <translation>--pin 需要 https:// 的 --source</translation>
    </message>
    <message>
        <source>the token came from GPUWARDEN_TOKEN</source>
        <translation>访问令牌来自 GPUWARDEN_TOKEN</translation>
    </message>
    <message>
        <source>the token came from the keychain (key &quot;%1&quot;)</source>
        <translation>访问令牌来自密钥链（键 &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain could not be read (key &quot;%1&quot;): %2</source>
        <translation>没有访问令牌：未设置 GPUWARDEN_TOKEN，且无法读取密钥链（键 &quot;%1&quot;）：%2</translation>
    </message>
    <message>
        <source>no token: GPUWARDEN_TOKEN is not set and the keychain has none under &quot;%1&quot; (store one with: gpuwarden-cli token set --source URL)</source>
        <translation>没有访问令牌：未设置 GPUWARDEN_TOKEN，且密钥链中 &quot;%1&quot; 下没有访问令牌（可用以下命令存储：gpuwarden-cli token set --source URL）</translation>
    </message>
    <message>
        <source>--source is given %1 times; this command reads one agent</source>
        <translation>--source 被指定了 %1 次；此命令只读取一个代理</translation>
    </message>
    <message>
        <source>--source %1 is given twice</source>
        <translation>--source %1 被指定了两次</translation>
    </message>
    <message>
        <source>Token for %1 (not echoed): </source>
        <translation>%1 的访问令牌（不回显）： </translation>
    </message>
    <message>
        <source>cannot read the token from standard input: %1</source>
        <translation>无法从标准输入读取访问令牌：%1</translation>
    </message>
    <message>
        <source>no token on standard input (pipe it in: printf %s &quot;$TOKEN&quot; | gpuwarden-cli token set --source URL)</source>
        <translation>标准输入中没有访问令牌（请通过管道传入：printf %s &quot;$TOKEN&quot; | gpuwarden-cli token set --source URL）</translation>
    </message>
    <message>
        <source>the token on standard input is longer than %1 bytes</source>
        <translation>标准输入中的访问令牌长度超过 %1 字节</translation>
    </message>
    <message>
        <source>GPU backend: auto (NVML, then nvidia-smi, then amdgpu), nvml, nvidia-smi, amdgpu or host.</source>
        <translation>GPU 后端：auto（依次尝试 NVML、nvidia-smi、amdgpu）、nvml、nvidia-smi、amdgpu 或 host。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Root of the /proc tree to read.</source>
        <translation>要读取的 /proc 树的根目录。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Root of the /sys tree to read.</source>
        <translation>要读取的 /sys 树的根目录。</translation>
    </message>
    <message>
        <source>Where the cgroup file systems are mounted.</source>
        <translation>cgroup 文件系统的挂载位置。</translation>
    </message>
    <message>
        <source>NVML library to load (name searched on the library path, or a path).</source>
        <translation>要加载的 NVML 库（在库路径中搜索的名称，或一个路径）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>nvidia-smi program (name on PATH, or a path).</source>
        <translation>nvidia-smi 程序（PATH 中的名称，或一个路径）。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a directory</source>
        <translation>%1：&quot;%2&quot; 不是目录</translation>
    </message>
    <message>
        <source>--backend: unknown backend &quot;%1&quot; (known: %2)</source>
        <translation>--backend：未知后端 &quot;%1&quot;（已知：%2）</translation>
    </message>
</context>
<context>
    <name>gw::CoordClient</name>
    <message>
        <source>%1: not an allocation: %2</source>
        <translation>%1：不是分配结果：%2</translation>
    </message>
    <message>
        <source>%1/v1/advice: not advice: %2</source>
        <translation>%1/v1/advice：不是建议：%2</translation>
    </message>
    <message>
        <source>%1/v1/allocate: not an allocation state: %2</source>
        <translation>%1/v1/allocate：不是分配状态：%2</translation>
    </message>
    <message>
        <source>%1/v1/balances: no &quot;balances&quot; object in the reply</source>
        <translation>%1/v1/balances：应答中没有 &quot;balances&quot; 对象</translation>
    </message>
    <message>
        <source>%1/v1/ledger: the cursor did not move</source>
        <translation>%1/v1/ledger：游标没有前进</translation>
    </message>
</context>
<context>
    <name>gw::CoordJson</name>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <source>expected a string or null, got %1</source>
        <translation>应为字符串或 null，实际为 %1</translation>
    </message>
    <message>
        <source>expected an integer from %1 to %2, got %3</source>
        <translation>应为 %1 到 %2 之间的整数，实际为 %3</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2, got %3</source>
        <translation>应为 %1 到 %2 之间的数字，实际为 %3</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>应为 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>expected an array of strings, got %1</source>
        <translation>应为字符串数组，实际为 %1</translation>
    </message>
    <message>
        <source>item %1: expected a string, got %2</source>
        <translation>第 %1 项：应为字符串，实际为 %2</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>应为数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>应为对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected a unit id, got an empty string</source>
        <translation>应为单元 ID，实际为空字符串</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>expected a reservation id, got an empty string</source>
        <translation>应为预留 ID，实际为空字符串</translation>
    </message>
    <message>
        <source>expected at least one unit</source>
        <translation>应至少有一个单元</translation>
    </message>
    <message>
        <source>is before created_ms</source>
        <translation>早于 created_ms</translation>
    </message>
    <message>
        <source>send a JSON object as the request body, at least {&quot;user&quot;: &quot;…&quot;}</source>
        <translation>请以 JSON 对象作为请求正文发送，至少包含 {&quot;user&quot;: &quot;…&quot;}</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>偏移量 %1 处的 JSON 格式错误：%2</translation>
    </message>
    <message>
        <source>expected a JSON object as the request body</source>
        <translation>请求正文应为 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: unknown key (known: %2)</source>
        <translation>&quot;%1&quot;：未知键（已知：%2）</translation>
    </message>
    <message>
        <source>expected a number of seconds from 0 to %1, got %2</source>
        <translation>应为 0 到 %1 之间的秒数，实际为 %2</translation>
    </message>
    <message>
        <source>%1 s is longer than this agent&apos;s longest wait, %2 s ([allocate] max_wait)</source>
        <translation>%1 s 超过了此代理的最长等待时间 %2 s（[allocate] max_wait）</translation>
    </message>
    <message>
        <source>required: the user the GPUs are for</source>
        <translation>必填：使用这些 GPU 的用户</translation>
    </message>
    <message>
        <source>expected 1 to %1 characters, got %2</source>
        <translation>应为 1 到 %1 个字符，实际为 %2</translation>
    </message>
    <message>
        <source>control characters are not allowed</source>
        <translation>不允许控制字符</translation>
    </message>
    <message>
        <source>expected &quot;allow&quot;, &quot;only&quot; or &quot;never&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;allow&quot;、&quot;only&quot; 或 &quot;never&quot;，实际为 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>gw::DailyReporter</name>
    <message>
        <source>%1: [reports] dir &quot;%2&quot; cannot be created</source>
        <translation>%1：无法创建 [reports] dir 目录 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: [reports] dir &quot;%2&quot; cannot be written to: %3</source>
        <translation>%1：无法写入 [reports] dir 目录 &quot;%2&quot;：%3</translation>
    </message>
    <message>
        <source>%1: %2 could not be started: %3</source>
        <translation>%1：无法启动 %2：%3</translation>
    </message>
    <message>
        <source>%1: gpuwarden-cli did not finish in time; stopped</source>
        <translation>%1：gpuwarden-cli 未能按时完成；已停止</translation>
    </message>
    <message>
        <source>%1: gpuwarden-cli failed (exit %2): %3</source>
        <translation>%1：gpuwarden-cli 失败（退出码 %2）：%3</translation>
    </message>
</context>
<context>
    <name>gw::DemoProducer</name>
    <message>
        <source>Demo mode: one simulated server, %1.</source>
        <translation>演示模式：一台模拟服务器，%1。</translation>
    </message>
    <message numerus="yes">
        <source>Demo mode: a simulated fleet of %n servers.</source>
        <translation>
            <numerusform>演示模式：由 %n 台服务器组成的模拟服务器群。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::DoctorRoute</name>
    <message>
        <source>a doctor&apos;s check is running and another waits; ask again in 5 s</source>
        <translation>一项 doctor 检查正在运行，另一项正在等待；请在 5 s 后重试</translation>
    </message>
    <message>
        <source>this agent runs without agent.toml (--demo without --config): there is no installation to check</source>
        <translation>此代理在没有 agent.toml 的情况下运行（使用 --demo 且未指定 --config）：没有可检查的安装</translation>
    </message>
</context>
<context>
    <name>gw::Duration</name>
    <message>
        <source>expected a whole number and a unit (ms, s, m, h, d), such as 30s, 10m or 2h; got &quot;%1&quot;</source>
        <translation>应为整数加单位（ms、s、m、h、d），例如 30s、10m 或 2h；实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no unit (ms, s, m, h, d)</source>
        <translation>&quot;%1&quot; 没有单位（ms、s、m、h、d）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too long a span</source>
        <translation>&quot;%1&quot; 时间跨度过长</translation>
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
        <translation>GPU 利用率 %1 % ≥ %2 % 持续 %3</translation>
    </message>
    <message>
        <source>an allocation could not be served at %1</source>
        <translation>%1 有一次分配无法满足</translation>
    </message>
    <message>
        <source>balance %1 at or below the floor %2</source>
        <translation>余额 %1 达到或低于下限 %2</translation>
    </message>
    <message>
        <source>balance %1 below zero under high demand</source>
        <translation>高需求下余额 %1 低于零</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementClient</name>
    <message>
        <source>%1: this agent&apos;s token has read access only; confirming or declining needs a token with admin scope (HTTP 403)</source>
        <translation>%1：此代理的访问令牌只有读取权限；确认或拒绝需要具有管理员权限的访问令牌（HTTP 403）</translation>
    </message>
    <message>
        <source>%1: that step is not the one due now (HTTP 409 step_not_due%2); the candidates are read again</source>
        <translation>%1：该步骤不是当前应执行的步骤（HTTP 409 step_not_due%2）；正在重新读取候选项</translation>
    </message>
    <message>
        <source>%1: the agent no longer lists this candidate (HTTP 404 unknown_candidate)</source>
        <translation>%1：代理已不再列出此候选项（HTTP 404 unknown_candidate）</translation>
    </message>
    <message>
        <source>the stream changed while reading pages</source>
        <translation>读取分页时数据流发生了变化</translation>
    </message>
    <message>
        <source>%1: the agent&apos;s reply does not read: %2</source>
        <translation>%1：无法解析代理的应答：%2</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementModel</name>
    <message>
        <source>notify</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>renice (nice 19)</source>
        <translation>降低优先级（nice 19）</translation>
    </message>
    <message>
        <source>terminate (SIGTERM)</source>
        <translation>终止（SIGTERM）</translation>
    </message>
    <message>
        <source>kill (SIGKILL)</source>
        <translation>强制终止（SIGKILL）</translation>
    </message>
    <message>
        <source>declined</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>%1 %2 at %3</source>
        <translation>%3：%1 %2</translation>
    </message>
    <message>
        <source>nothing yet</source>
        <translation>尚无</translation>
    </message>
    <message>
        <source>%1 (floor %2)</source>
        <translation>%1（下限 %2）</translation>
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
        <translation>未报告</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>none (enforcement off)</source>
        <translation>无（强制执行已关闭）</translation>
    </message>
    <message>
        <source>%1, awaiting confirmation</source>
        <translation>%1，等待确认</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1，于 %2</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Step due</source>
        <translation>待执行步骤</translation>
    </message>
    <message>
        <source>Steps done</source>
        <translation>已执行步骤</translation>
    </message>
    <message>
        <source>stop its container or job</source>
        <translation>停止其容器或作业</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementPane</name>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n s 前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min 前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h 前</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Decline…</source>
        <translation>拒绝…</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选项</translation>
    </message>
    <message>
        <source>Audit log (every step, refusal and decision)</source>
        <translation>审计日志（每个步骤、拒绝与决定）</translation>
    </message>
    <message>
        <source>Enforcement: no agent chosen</source>
        <translation>强制执行：未选择代理</translation>
    </message>
    <message>
        <source>Enforcement on %1: not read yet</source>
        <translation>%1 上的强制执行：尚未读取</translation>
    </message>
    <message>
        <source>off: candidates are listed, nothing is done</source>
        <translation>关闭：列出候选项，不执行任何操作</translation>
    </message>
    <message>
        <source>propose: each step waits for an admin&apos;s confirmation</source>
        <translation>提议：每个步骤等待管理员确认</translation>
    </message>
    <message>
        <source>auto: steps are taken on schedule</source>
        <translation>自动：按计划执行步骤</translation>
    </message>
    <message>
        <source>Enforcement on %1: %2%3</source>
        <translation>%1 上的强制执行：%2%3</translation>
    </message>
    <message>
        <source> (dry run: every action only recorded as &quot;would&quot;)</source>
        <translation>（试运行：每个操作仅记录为 &quot;would&quot;）</translation>
    </message>
    <message>
        <source>Demand high%1: %2</source>
        <translation>需求高%1：%2</translation>
    </message>
    <message>
        <source> since %1</source>
        <translation>（自 %1 起）</translation>
    </message>
    <message>
        <source>Demand normal%1</source>
        <translation>需求正常%1</translation>
    </message>
    <message>
        <source>Balances kept by %1, as of %2</source>
        <translation>余额由 %1 保管，截至 %2</translation>
    </message>
    <message>
        <source>; the keeper could not be read (%1): balances read %2</source>
        <translation>；无法读取保管方（%1）：余额读取于 %2</translation>
    </message>
    <message>
        <source>No agent chosen.</source>
        <translation>未选择代理。</translation>
    </message>
    <message>
        <source>%1&apos;s reply cannot be used: %2. The candidates below are its last good reply, read %3; nothing can be decided.</source>
        <translation>%1 的应答无法使用：%2。以下候选项来自其上一次有效应答（读取于 %3）；无法做出任何决定。</translation>
    </message>
    <message>
        <source>%1&apos;s reply cannot be used: %2.</source>
        <translation>%1 的应答无法使用：%2。</translation>
    </message>
    <message>
        <source>%1 is not answering since %2 (%3). The candidates below are its last reply, read %4; nothing can be decided until it answers.</source>
        <translation>%1 自 %2 起无应答（%3）。以下候选项来自其上一次应答（读取于 %4）；在其应答之前无法做出任何决定。</translation>
    </message>
    <message>
        <source>%1 is not answering (%2).</source>
        <translation>%1 无应答（%2）。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Read at %1, %2: older than a poll.</source>
        <translation>读取于 %1，%2：早于一个轮询周期。</translation>
    </message>
    <message>
        <source>Read at %1, %2.</source>
        <translation>读取于 %1，%2。</translation>
    </message>
    <message>
        <source>This agent&apos;s token has read access only; confirming or declining needs a token with admin scope.</source>
        <translation>此代理的访问令牌只有读取权限；确认或拒绝需要具有管理员权限的访问令牌。</translation>
    </message>
    <message>
        <source>The agent&apos;s reply cannot be used: nothing can be decided.</source>
        <translation>代理的应答无法使用：无法做出任何决定。</translation>
    </message>
    <message>
        <source>The agent is not answering: nothing can be decided.</source>
        <translation>代理无应答：无法做出任何决定。</translation>
    </message>
    <message>
        <source>Sending the decision…</source>
        <translation>正在发送决定…</translation>
    </message>
    <message>
        <source>No candidates.</source>
        <translation>没有候选项。</translation>
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation>请选择一个候选项。</translation>
    </message>
    <message>
        <source>No step is due (enforcement is off).</source>
        <translation>没有待执行的步骤（强制执行已关闭）。</translation>
    </message>
    <message>
        <source>The %1 of %2&apos;s process is taken on schedule; nothing awaits confirmation.</source>
        <translation>对 %2 的进程的%1按计划执行；没有待确认的步骤。</translation>
    </message>
    <message>
        <source>Confirm %1</source>
        <translation>确认%1</translation>
    </message>
    <message>
        <source>%1&apos;s process %2 (%3): %4.</source>
        <translation>%1 的进程 %2（%3）：%4。</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Why is the %1 of %2&apos;s process %3 declined? (kept in the audit log)</source>
        <translation>为什么拒绝对 %2 的进程 %3 的%1？（记录在审计日志中）</translation>
    </message>
    <message>
        <source>Not declined: a decline needs a reason.</source>
        <translation>未拒绝：拒绝需要填写原因。</translation>
    </message>
    <message>
        <source>%1 of %2&apos;s process %3: %4%5
Audit #%6: %7</source>
        <translation>对 %2 的进程 %3 的%1：%4%5
审计 #%6：%7</translation>
    </message>
</context>
<context>
    <name>gw::EnforcementTab</name>
    <message>
        <source>Enforcement runs on each server&apos;s agent, which acts on its own processes. Add the agents of your servers (File → Servers…) to see their candidates, confirm or decline their steps and read their audit log.</source>
        <translation>强制执行在每台服务器的代理上运行，由代理处理本机的进程。添加服务器的代理（文件 → 服务器…）即可查看其候选项、确认或拒绝其步骤并阅读其审计日志。</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>gw::Enforcer</name>
    <message>
        <source>process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>pid %1 is never signalled</source>
        <translation>从不向 pid %1 发送信号</translation>
    </message>
    <message>
        <source>pid %1 is GPU Warden&apos;s own process: never signalled</source>
        <translation>pid %1 是 GPU Warden 自身的进程：从不发送信号</translation>
    </message>
    <message>
        <source>pid %1 is the parent of GPU Warden&apos;s process: never signalled</source>
        <translation>pid %1 是 GPU Warden 进程的父进程：从不发送信号</translation>
    </message>
    <message>
        <source>pid %1: start time unknown: not signalled</source>
        <translation>pid %1：启动时间未知：未发送信号</translation>
    </message>
    <message>
        <source>process %1 has exited</source>
        <translation>进程 %1 已退出</translation>
    </message>
    <message>
        <source>process %1 (%2)</source>
        <translation>进程 %1（%2）</translation>
    </message>
    <message>
        <source>the start time of pid %1 cannot be read from %2: not signalled</source>
        <translation>无法从 %2 读取 pid %1 的启动时间：未发送信号</translation>
    </message>
    <message>
        <source>pid %1 now belongs to another process (started %2, not %3)</source>
        <translation>pid %1 现属于另一个进程（启动于 %2，而非 %3）</translation>
    </message>
    <message>
        <source>the owner of pid %1 cannot be read from %2: not signalled</source>
        <translation>无法从 %2 读取 pid %1 的所有者：未发送信号</translation>
    </message>
    <message>
        <source>%1 runs as root: never signalled</source>
        <translation>%1 以 root 身份运行：从不发送信号</translation>
    </message>
    <message>
        <source>no reading of %1 to check that %2 still holds %3: not signalled</source>
        <translation>没有 %1 的读数可用于检查 %2 是否仍占用 %3：未发送信号</translation>
    </message>
    <message>
        <source>process %1 (%2, %3)</source>
        <translation>进程 %1（%2，%3）</translation>
    </message>
    <message>
        <source>%1 no longer holds %2: not signalled</source>
        <translation>%1 已不再占用 %2：未发送信号</translation>
    </message>
    <message>
        <source>process %1 has exited: not signalled</source>
        <translation>进程 %1 已退出：未发送信号</translation>
    </message>
    <message>
        <source>%1: not signalled</source>
        <translation>%1：未发送信号</translation>
    </message>
    <message>
        <source>%1 to %2 failed: %3</source>
        <translation>向 %2 发送 %1 失败：%3</translation>
    </message>
    <message>
        <source>SIGKILL sent to %1</source>
        <translation>已向 %1 发送 SIGKILL</translation>
    </message>
    <message>
        <source>SIGTERM sent to %1; SIGKILL in %2 if it is still running</source>
        <translation>已向 %1 发送 SIGTERM；若 %2 后仍在运行则发送 SIGKILL</translation>
    </message>
    <message>
        <source>%1 exited within %2 of SIGTERM; no SIGKILL needed</source>
        <translation>%1 在收到 SIGTERM 后 %2 内退出；无需 SIGKILL</translation>
    </message>
    <message>
        <source>SIGKILL not sent: %1</source>
        <translation>未发送 SIGKILL：%1</translation>
    </message>
    <message>
        <source>SIGKILL to %1 failed: %2</source>
        <translation>向 %1 发送 SIGKILL 失败：%2</translation>
    </message>
    <message>
        <source>SIGKILL sent to %1: still running %2 after SIGTERM</source>
        <translation>已向 %1 发送 SIGKILL：SIGTERM 之后 %2 仍在运行</translation>
    </message>
    <message>
        <source>renice of %1 failed: %2</source>
        <translation>对 %1 执行 renice 失败：%2</translation>
    </message>
    <message>
        <source>%1 reniced to 19</source>
        <translation>%1 的 nice 值已调整为 19</translation>
    </message>
    <message>
        <source>%1 no longer runs in %2 (its cgroup shows %3): not stopped</source>
        <translation>%1 已不在 %2 中运行（其 cgroup 显示为 %3）：未停止</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 runs in %2: a pod is only notified, never signalled or stopped by GPU Warden</source>
        <translation>%1 在 %2 中运行：对 pod 仅发送通知，GPU Warden 从不向其发送信号或将其停止</translation>
    </message>
    <message>
        <source>cancel %1 with %2</source>
        <translation>用 %2 取消 %1</translation>
    </message>
    <message>
        <source>stop %1 through %2</source>
        <translation>通过 %2 停止 %1</translation>
    </message>
    <message>
        <source>%1 cancelled with %2: %3 ran in it</source>
        <translation>已用 %2 取消 %1：其中运行着 %3</translation>
    </message>
    <message>
        <source>%1 stopped through %2 (SIGKILL at once): %3 ran in it</source>
        <translation>已通过 %2 停止 %1（立即 SIGKILL）：其中运行着 %3</translation>
    </message>
    <message>
        <source>%1 stopped through %2 (its stop signal, SIGKILL after %3): %4 ran in it</source>
        <translation>已通过 %2 停止 %1（先发送其停止信号，%3 后 SIGKILL）：其中运行着 %4</translation>
    </message>
    <message>
        <source>%1 was already stopped (%2): %3 ran in it</source>
        <translation>%1 已经停止（%2）：其中运行着 %3</translation>
    </message>
    <message>
        <source>%1 is not known to %2 (%3): not stopped</source>
        <translation>%2 中不存在 %1（%3）：未停止</translation>
    </message>
    <message>
        <source>cancelling %1 with %2 failed: %3</source>
        <translation>用 %2 取消 %1 失败：%3</translation>
    </message>
    <message>
        <source>stopping %1 through %2 failed: %3</source>
        <translation>通过 %2 停止 %1 失败：%3</translation>
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
        <translation>%1（未执行）</translation>
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
        <translation>全部</translation>
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
        <translation>进行中</translation>
    </message>
    <message>
        <source>%1 of quota %2</source>
        <translation>%1（配额 %2）</translation>
    </message>
    <message>
        <source>peak %1 · mean %2</source>
        <translation>峰值 %1 · 平均 %2</translation>
    </message>
    <message>
        <source>Per-process utilisation estimated from the GPU&apos;s.</source>
        <translation>每进程利用率由 GPU 的利用率估算。</translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation>结束：%1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>Peak / mean</source>
        <translation>峰值 / 平均</translation>
    </message>
    <message>
        <source>Last action</source>
        <translation>最近操作</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>事件经过</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs held · cap %1</source>
        <translation>
            <numerusform>占用 %n 个 GPU · 上限 %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::EventTimeline</name>
    <message>
        <source>Policy events timeline</source>
        <translation>策略事件时间线</translation>
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
        <translation>%1 · 所有 GPU</translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation>%1 · GPU %2</translation>
    </message>
    <message>
        <source>(no user)</source>
        <translation>（无用户）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>%1 MiB held</source>
        <translation>占用 %1 MiB</translation>
    </message>
    <message>
        <source>Ended: %1</source>
        <translation>结束：%1</translation>
    </message>
    <message>
        <source>Last action: %1</source>
        <translation>最近操作：%1</translation>
    </message>
    <message>
        <source>No policy events in the last %1.</source>
        <translation>最近 %1 内没有策略事件。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Policy events of the last %1: %n shown</source>
        <translation>
            <numerusform>最近 %1 的策略事件：显示 %n 个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::EventsPage</name>
    <message>
        <source>&amp;Open only</source>
        <translation>仅未结束(&amp;O)</translation>
    </message>
    <message>
        <source>Last:</source>
        <translation>最近：</translation>
    </message>
    <message>
        <source>Show the events of the last %1</source>
        <translation>显示最近 %1 的事件</translation>
    </message>
    <message>
        <source>&amp;Lanes:</source>
        <translation>泳道(&amp;L)：</translation>
    </message>
    <message>
        <source>one per GPU</source>
        <translation>每个 GPU 一条</translation>
    </message>
    <message>
        <source>one per user</source>
        <translation>每个用户一条</translation>
    </message>
    <message>
        <source>Show %1 events</source>
        <translation>显示 %1 事件</translation>
    </message>
    <message>
        <source>Events of one server</source>
        <translation>单台服务器的事件</translation>
    </message>
    <message>
        <source>Events of one user</source>
        <translation>单个用户的事件</translation>
    </message>
    <message>
        <source>Filter: command, user, PID…</source>
        <translation>筛选：命令、用户、PID…</translation>
    </message>
    <message>
        <source>All servers</source>
        <translation>所有服务器</translation>
    </message>
    <message>
        <source>All users</source>
        <translation>所有用户</translation>
    </message>
    <message>
        <source>%1 shown of %2</source>
        <translation>已显示 %1 个（共 %2）</translation>
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
            <numerusform>%Ln 个事件，%L1 个未结束</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln older closed events are no longer shown: this view keeps up to %L1 (about %2 of memory), open events first; it is complete from %3.</source>
        <translation>
            <numerusform>%Ln 个较早的已结束事件不再显示：此视图最多保留 %L1 个（约占 %2 内存），优先保留未结束事件；自 %3 起的事件是完整的。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln open events went too: more are open than the view keeps.</source>
        <translation>
            <numerusform>%Ln 个未结束事件也被移除：未结束事件多于此视图可保留的数量。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln closed events that ended more than %1 before the newest are no longer shown.</source>
        <translation>
            <numerusform>%Ln 个在最新事件之前超过 %1 结束的已结束事件不再显示。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days</source>
        <translation>
            <numerusform>%n 天</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln closed events that ended more than %1 before the newest are no longer shown; the view is complete from %2.</source>
        <translation>
            <numerusform>%Ln 个在最新事件之前超过 %1 结束的已结束事件不再显示；自 %2 起此视图是完整的。</numerusform>
        </translation>
    </message>
    <message>
        <source>The agents still serve theirs by cursor (GET /v1/events?after=SEQ; with a journal, for at least 7 days).</source>
        <translation>代理仍按游标提供各自的事件（GET /v1/events?after=SEQ；有日志时至少保留 7 天）。</translation>
    </message>
    <message>
        <source>The demo&apos;s events are made here from its readings and kept nowhere else; its readings are in this run&apos;s history file (the History tab).</source>
        <translation>演示的事件由其读数在此生成，不在别处保存；其读数位于本次运行的历史文件中（“历史”标签页）。</translation>
    </message>
    <message>
        <source>The demo&apos;s events are made here from its readings and kept nowhere else.</source>
        <translation>演示的事件由其读数在此生成，不在别处保存。</translation>
    </message>
    <message>
        <source>This computer&apos;s events are kept only here; its readings stay in the history file (the History tab), and Tools → Policy… replays the last 24 h.</source>
        <translation>本机的事件仅保存在此处；其读数保存在历史文件中（“历史”标签页），“工具 → 策略…”可回放最近 24 h 的读数。</translation>
    </message>
    <message>
        <source>This computer&apos;s events are kept only here; Tools → Policy… replays the last 24 h of its readings.</source>
        <translation>本机的事件仅保存在此处；“工具 → 策略…”可回放其最近 24 h 的读数。</translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation>筛选事件</translation>
    </message>
    <message>
        <source>Policy events</source>
        <translation>策略事件</translation>
    </message>
</context>
<context>
    <name>gw::FairShareModel</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>User or account</source>
        <translation>用户或账户</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>配额</translation>
    </message>
    <message>
        <source>Share now</source>
        <translation>当前份额</translation>
    </message>
    <message>
        <source>Decayed usage</source>
        <translation>衰减后用量</translation>
    </message>
    <message>
        <source>Fair-share factor</source>
        <translation>公平份额因子</translation>
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
        <translation>账户 %1</translation>
    </message>
    <message>
        <source>%1 (now %2)</source>
        <translation>%1（当前 %2）</translation>
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
        <translation>已记住的成员：%1</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>The account&apos;s share of the server ([accounts.%1] share)</source>
        <translation>该账户在服务器中的份额（[accounts.%1] share）</translation>
    </message>
    <message>
        <source>The quota in effect now; &quot;now&quot;: after the busy server&apos;s and defensive multipliers ([adaptive])</source>
        <translation>当前生效的配额；“当前”：已应用服务器繁忙倍数和防御性倍数（[adaptive]）之后的值</translation>
    </message>
    <message>
        <source>Measured over the [quota] window</source>
        <translation>在 [quota] 窗口内测量</translation>
    </message>
    <message>
        <source>The server&apos;s capacity used, in server-hours (a whole server busy for an hour is one), each hour weighing half after every [quota] half_life</source>
        <translation>已使用的服务器容量，以服务器小时计（整台服务器忙碌一小时为 1），每经过一个 [quota] half_life，每小时的权重减半</translation>
    </message>
    <message>
        <source>2^(−U/S), as Slurm&apos;s classic fair share: U its part of all the decayed usage on this server, S its part of all the shares. 1: used nothing lately; 0.5: used exactly its share; lower: used more. Waiting callers with a higher factor get a freed GPU first.</source>
        <translation>2^(−U/S)，同 Slurm 的经典公平份额：U 为其在此服务器全部衰减后用量中的占比，S 为其在全部份额中的占比。1：近期未使用；0.5：恰好用完其份额；更低：用量超出份额。因子较高的等待方优先获得释放的 GPU。</translation>
    </message>
    <message>
        <source>No share set for this account: no factor</source>
        <translation>此账户未设置份额：无因子</translation>
    </message>
</context>
<context>
    <name>gw::FairShareView</name>
    <message>
        <source>Who waits first for a freed GPU: the fair-share factor 2^(−U/S), U each one&apos;s part of all the decayed usage on the server (each hour weighs half after the [quota] half-life), S their part of all the shares. 1: used nothing lately; 0.5: used exactly their share; lower: used more.</source>
        <translation>谁优先获得释放的 GPU：公平份额因子 2^(−U/S)，U 为各自在服务器全部衰减后用量中的占比（每经过一个 [quota] 半衰期，每小时的权重减半），S 为其在全部份额中的占比。1：近期未使用；0.5：恰好用完其份额；更低：用量超出份额。</translation>
    </message>
    <message>
        <source>No fair share yet: it is told by this desktop&apos;s policy once readings come, and by each agent&apos;s /v1/info once it has judged a reading.</source>
        <translation>尚无公平份额：读数到达后由本桌面端的策略给出，各代理评估过一个读数后由其 /v1/info 给出。</translation>
    </message>
    <message>
        <source>Every server&apos;s users and accounts, lowest factor first (a column&apos;s title sorts by it).</source>
        <translation>所有服务器的用户和账户，因子最低者在前（点击列标题可按该列排序）。</translation>
    </message>
    <message>
        <source>Fair share per user and account</source>
        <translation>按用户和账户的公平份额</translation>
    </message>
</context>
<context>
    <name>gw::FindGpusDialog</name>
    <message>
        <source>Find GPUs</source>
        <translation>查找 GPU</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>GPUs wanted</source>
        <translation>所需 GPU 数</translation>
    </message>
    <message>
        <source>tp=4,pp=2</source>
        <translation>tp=4,pp=2</translation>
    </message>
    <message>
        <source>A model&apos;s parallelism instead of a count: world size = tp × pp × max(dp, cp, dcp).</source>
        <translation>用模型的并行方式代替数量：world size = tp × pp × max(dp, cp, dcp)。</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>e.g. 8GiB</source>
        <translation>例如 8GiB</translation>
    </message>
    <message>
        <source>Free memory each unit needs: 8GiB, 512MiB, 1.5G or a number of MiB. Empty: any.</source>
        <translation>每个单元所需的可用显存：8GiB、512MiB、1.5G 或以 MiB 计的数字。留空：不限。</translation>
    </message>
    <message>
        <source>Minimum free memory</source>
        <translation>最小可用显存</translation>
    </message>
    <message>
        <source>at most</source>
        <translation>最多</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Maximum utilisation</source>
        <translation>最大利用率</translation>
    </message>
    <message>
        <source>whole GPUs first, then instances</source>
        <translation>优先整块 GPU，其次 MIG 实例</translation>
    </message>
    <message>
        <source>MIG instances only</source>
        <translation>仅 MIG 实例</translation>
    </message>
    <message>
        <source>whole GPUs only</source>
        <translation>仅整块 GPU</translation>
    </message>
    <message>
        <source>MIG</source>
        <translation>MIG</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPU：</translation>
    </message>
    <message>
        <source>or parallelism:</source>
        <translation>或并行方式：</translation>
    </message>
    <message>
        <source>Free memory per GPU:</source>
        <translation>每个 GPU 的可用显存：</translation>
    </message>
    <message>
        <source>Utilisation:</source>
        <translation>利用率：</translation>
    </message>
    <message>
        <source>MIG:</source>
        <translation>MIG：</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>&amp;Copy CUDA_VISIBLE_DEVICES</source>
        <translation>复制 CUDA_VISIBLE_DEVICES(&amp;C)</translation>
    </message>
    <message>
        <source>The best choice as CUDA_VISIBLE_DEVICES=…, with the gpuwarden-cli select line that reserves the same for a job.</source>
        <translation>以 CUDA_VISIBLE_DEVICES=… 形式给出的最佳选择，并附带为作业预留相同单元的 gpuwarden-cli select 命令行。</translation>
    </message>
    <message>
        <source>Parallelism: %1</source>
        <translation>并行方式：%1</translation>
    </message>
    <message>
        <source>Parallelism: %1 needs %2 GPUs; at most %3 can be asked for.</source>
        <translation>并行方式：%1 需要 %2 个 GPU；最多只能请求 %3 个。</translation>
    </message>
    <message>
        <source>Free memory: %1</source>
        <translation>可用显存：%1</translation>
    </message>
    <message>
        <source>Units of %1: %2 qualify, %3 refused</source>
        <translation>%1 的单元：%2 个符合，%3 个被拒</translation>
    </message>
    <message>
        <source>Correct the request above to see a choice.</source>
        <translation>请修正上方的请求以查看选择结果。</translation>
    </message>
    <message>
        <source>No server is watched: add agents under File → Servers…, or watch this computer.</source>
        <translation>未监视任何服务器：请在“文件 → 服务器…”中添加代理，或监视本机。</translation>
    </message>
    <message>
        <source>Best: %1 — CUDA_VISIBLE_DEVICES=%2 (the agent scores and reserves the same when the job asks).</source>
        <translation>最佳：%1 — CUDA_VISIBLE_DEVICES=%2（作业请求时，代理会给出相同的评分并预留相同的单元）。</translation>
    </message>
    <message>
        <source>No server has a current reading, so none is chosen: their last figures may be minutes old.</source>
        <translation>没有服务器有当前读数，因此未做选择：其最近的数据可能已是几分钟前的。</translation>
    </message>
    <message>
        <source># on %1; to reserve them for a job: eval &quot;$(%2)&quot;</source>
        <translation># 在 %1 上；要为作业预留它们：eval &quot;$(%2)&quot;</translation>
    </message>
    <message numerus="yes">
        <source>%1 → world size %n GPUs</source>
        <translation>
            <numerusform>%1 → world size %n 个 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No server has %n GPUs that qualify now. Each server&apos;s refusals say why; `gpuwarden-cli select --wait` waits for them.</source>
        <translation>
            <numerusform>目前没有服务器有 %n 个符合条件的 GPU。各服务器的拒绝信息说明了原因；`gpuwarden-cli select --wait` 会等待它们。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessModel</name>
    <message>
        <source>%1
Not visible in this server&apos;s /proc: another PID namespace, a container, or a process that just exited.</source>
        <translation>%1
在此服务器的 /proc 中不可见：位于其他 PID 命名空间或容器中，或是刚刚退出的进程。</translation>
    </message>
    <message>
        <source>Held idle at every reading this desktop has of the GPU; it may have been idle longer.</source>
        <translation>在本桌面端拥有的该 GPU 的每个读数中均为空闲占用；实际空闲时间可能更长。</translation>
    </message>
    <message>
        <source>How long the GPU has been held idle with this process on it, per the live record (not before the process started).</source>
        <translation>根据实时记录，该 GPU 在此进程位于其上时空闲占用的时长（不早于进程启动）。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
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
        <translation>命令</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>SM</source>
        <translation>SM</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation>空闲时长</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>所有者</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>stale (%1 ago)</source>
        <translation>过时（%1 前）</translation>
    </message>
    <message>
        <source>idle for ≥ %1</source>
        <translation>空闲 ≥ %1</translation>
    </message>
    <message>
        <source>idle for %1</source>
        <translation>空闲 %1</translation>
    </message>
</context>
<context>
    <name>gw::FleetProcessPage</name>
    <message>
        <source>Processes of all servers</source>
        <translation>所有服务器的进程</translation>
    </message>
    <message>
        <source>GPUs held</source>
        <translation>占用的 GPU</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Filter processes</source>
        <translation>筛选进程</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the rows shown as CSV or JSON</source>
        <translation>将显示的行保存为 CSV 或 JSON</translation>
    </message>
    <message>
        <source>&lt;b&gt;idle, memory held&lt;/b&gt;: the GPU is below 10 % busy while the process holds memory; &lt;i&gt;Idle for&lt;/i&gt; is how long, per the live record (≥: idle at every reading this desktop has). Italic rows: processes this server&apos;s /proc does not show.</source>
        <translation>&lt;b&gt;空闲，占用显存&lt;/b&gt;：进程占用显存期间 GPU 繁忙度低于 10 %；&lt;i&gt;空闲时长&lt;/i&gt;为根据实时记录得出的时长（≥：在本桌面端拥有的每个读数中均为空闲）。斜体行：此服务器的 /proc 中未显示的进程。</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Filter by %1</source>
        <translation>按 %1 筛选(&amp;F)</translation>
    </message>
    <message>
        <source>Open in &amp;history</source>
        <translation>在历史中打开(&amp;H)</translation>
    </message>
    <message>
        <source>GPU-hours today (history)</source>
        <translation>今日 GPU 小时（历史）</translation>
    </message>
    <message>
        <source>GPU-hours since %1 (this session)</source>
        <translation>自 %1 起的 GPU 小时（本次会话）</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export processes</source>
        <translation>导出进程</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>所有者</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <source>Totals per owner</source>
        <translation>按所有者汇总</translation>
    </message>
    <message>
        <source>Filter: text, user:, account:, namespace:, job:</source>
        <translation>筛选：文本、user:、account:、namespace:、job:</translation>
    </message>
    <message>
        <source>Words match any column; user:NAME (the owner or the host user), account:NAME, namespace:NAME and job:ID match that field exactly; they combine (account:vision python).</source>
        <translation>普通词匹配任意列；user:NAME（所有者或主机用户）、account:NAME、namespace:NAME 和 job:ID 精确匹配对应字段；可组合使用（account:vision python）。</translation>
    </message>
    <message>
        <source>Filter by &amp;account %1</source>
        <translation>按账户 %1 筛选(&amp;A)</translation>
    </message>
    <message>
        <source>Filter by &amp;namespace %1</source>
        <translation>按命名空间 %1 筛选(&amp;N)</translation>
    </message>
    <message>
        <source>Filter by &amp;job %1</source>
        <translation>按作业 %1 筛选(&amp;J)</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>%1 kWh</source>
        <translation>%1 kWh</translation>
    </message>
    <message>
        <source>%1 % estimated: power integrated over the readings, or split by memory where the driver gives no SM share per process</source>
        <translation>%1 % 为估算值：对读数中的功耗积分，或在驱动未提供每进程 SM 占比时按显存分摊</translation>
    </message>
    <message>
        <source>Measured: the GPUs&apos; energy counters, split by SM share</source>
        <translation>实测：GPU 的能耗计数器，按 SM 占比分摊</translation>
    </message>
    <message>
        <source>GPU-hours today (loading…)</source>
        <translation>今日 GPU 小时（正在加载…）</translation>
    </message>
    <message>
        <source>Energy since %1 (this session)</source>
        <translation>自 %1 起的能耗（本次会话）</translation>
    </message>
    <message>
        <source>Energy: what their GPUs drew since %1 as this desktop saw it, split by SM share (by memory where the driver gives none); hover a figure for how much is estimated.</source>
        <translation>能耗：本桌面端观测到的自 %1 起其 GPU 的耗电量，按 SM 占比分摊（驱动未提供时按显存分摊）；将鼠标悬停在数值上可查看其中估算部分的比例。</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours today, being read from the recorded process history.</source>
        <translation>按所有者：当前占用的 GPU 和 MIG 实例、其显存以及今日 GPU 小时（正在从记录的进程历史中读取）。</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours today from the recorded process history.</source>
        <translation>按所有者：当前占用的 GPU 和 MIG 实例、其显存以及根据记录的进程历史得出的今日 GPU 小时。</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (the history could not be read: %2).</source>
        <translation>按所有者：当前占用的 GPU 和 MIG 实例、其显存以及自 %1 起观测到的 GPU 小时（无法读取历史：%2）。</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (history is off: %2).</source>
        <translation>按所有者：当前占用的 GPU 和 MIG 实例、其显存以及自 %1 起观测到的 GPU 小时（历史已关闭：%2）。</translation>
    </message>
    <message>
        <source>Per owner: GPUs and MIG instances held now, their memory, and GPU-hours seen since %1 (history is off).</source>
        <translation>按所有者：当前占用的 GPU 和 MIG 实例、其显存以及自 %1 起观测到的 GPU 小时（历史已关闭）。</translation>
    </message>
</context>
<context>
    <name>gw::FleetSelection</name>
    <message>
        <source>1 GPU asked</source>
        <translation>请求 1 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs asked</source>
        <translation>请求 %1 个 GPU</translation>
    </message>
    <message>
        <source>1 qualifies</source>
        <translation>1 个符合条件</translation>
    </message>
    <message>
        <source>%1 qualify</source>
        <translation>%1 个符合条件</translation>
    </message>
    <message>
        <source> (waited %1)</source>
        <translation>（已等待 %1）</translation>
    </message>
    <message>
        <source>%1: no answer: %2</source>
        <translation>%1：无应答：%2</translation>
    </message>
    <message>
        <source>%1: serves %2, as %3 does; asked once</source>
        <translation>%1：与 %3 一样服务于 %2；只询问一次</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>none of the %1 agents answered</source>
        <translation>%1 个代理均无应答</translation>
    </message>
    <message>
        <source>no server has a GPU that qualifies</source>
        <translation>没有服务器有符合条件的 GPU</translation>
    </message>
    <message>
        <source>no server has %1 GPUs that qualify</source>
        <translation>没有服务器有 %1 个符合条件的 GPU</translation>
    </message>
</context>
<context>
    <name>gw::Freshness</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message>
        <source>no reading yet</source>
        <translation>尚无读数</translation>
    </message>
    <message>
        <source>last reading %1 ago</source>
        <translation>最后读数于 %1 前</translation>
    </message>
    <message>
        <source>stale — %1</source>
        <translation>过时 — %1</translation>
    </message>
</context>
<context>
    <name>gw::GpuHealth</name>
    <message>
        <source>power cap</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <source>hardware slowdown</source>
        <translation>硬件降频</translation>
    </message>
    <message>
        <source>thermal slowdown (software)</source>
        <translation>温度降频（软件）</translation>
    </message>
    <message>
        <source>thermal slowdown (hardware)</source>
        <translation>温度降频（硬件）</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>功耗制动</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1，于 %2：%3</translation>
    </message>
    <message>
        <source>the GPU does not answer: %1</source>
        <translation>GPU 无响应：%1</translation>
    </message>
    <message>
        <source>row remapping failed: the GPU&apos;s memory has no spare rows left</source>
        <translation>行重映射失败：GPU 显存已无备用行</translation>
    </message>
    <message>
        <source>%1 uncorrectable ECC errors since the driver loaded: reset the GPU</source>
        <translation>自驱动加载以来有 %1 个不可纠正的 ECC 错误：请重置 GPU</translation>
    </message>
    <message>
        <source>%1 uncorrectable ECC errors in the GPU&apos;s life</source>
        <translation>GPU 生命周期内有 %1 个不可纠正的 ECC 错误</translation>
    </message>
    <message>
        <source>a row remap waits for a GPU reset</source>
        <translation>有一个行重映射等待 GPU 重置</translation>
    </message>
    <message>
        <source>a retired page waits for a GPU reset</source>
        <translation>有一个停用页面等待 GPU 重置</translation>
    </message>
    <message>
        <source>PCIe replays at %1 an hour (more than %2): check the link</source>
        <translation>PCIe 重放每小时 %1 次（超过 %2）：请检查链路</translation>
    </message>
    <message>
        <source>NVLink errors at %1 an hour (more than %2)</source>
        <translation>NVLink 错误每小时 %1 次（超过 %2）</translation>
    </message>
</context>
<context>
    <name>gw::GpuSelection</name>
    <message>
        <source>reserved for %1 until %2</source>
        <translation>已为 %1 预留至 %2</translation>
    </message>
    <message>
        <source>memory not reported</source>
        <translation>未报告显存</translation>
    </message>
    <message>
        <source>%1 MiB free, needs %2</source>
        <translation>可用显存 %1 MiB，需要 %2</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>failing</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>failing: %1</source>
        <translation>故障：%1</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>未报告利用率</translation>
    </message>
    <message>
        <source>%1 % busy, at most %2 %</source>
        <translation>繁忙 %1 %，最多允许 %2 %</translation>
    </message>
    <message>
        <source>%1: degraded (%2), ranked after healthy GPUs</source>
        <translation>%1：降级（%2），排在健康的 GPU 之后</translation>
    </message>
    <message>
        <source>MIG enabled, no instances</source>
        <translation>已启用 MIG，无实例</translation>
    </message>
    <message>
        <source>GPU %1 MIG %2</source>
        <translation>GPU %1 MIG %2</translation>
    </message>
    <message>
        <source>%1: degraded (%2), its MIG instances ranked after healthy ones</source>
        <translation>%1：降级（%2），其 MIG 实例排在健康实例之后</translation>
    </message>
</context>
<context>
    <name>gw::HistoryBackfill</name>
    <message>
        <source>/v1/info: now_ms: missing or not a number</source>
        <translation>/v1/info：now_ms：缺失或不是数字</translation>
    </message>
    <message>
        <source>%1 keeps no history</source>
        <translation>%1 未保存历史</translation>
    </message>
    <message>
        <source>%1 is another agent now (%2, the history&apos;s rows are of %3): its history is not filled in</source>
        <translation>%1 现在是另一个代理（%2，历史中的行来自 %3）：不补全其历史</translation>
    </message>
</context>
<context>
    <name>gw::HistoryChart</name>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>Check a series to show it (Space toggles the current one)</source>
        <translation>勾选系列以显示（空格键切换当前系列）</translation>
    </message>
</context>
<context>
    <name>gw::HistoryChartModel</name>
    <message>
        <source>Series</source>
        <translation>系列</translation>
    </message>
    <message>
        <source>Last value</source>
        <translation>最新值</translation>
    </message>
</context>
<context>
    <name>gw::HistoryPage</name>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
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
        <translation>容量 %1</translation>
    </message>
</context>
<context>
    <name>gw::HistoryPlot</name>
    <message>
        <source>History chart</source>
        <translation>历史图表</translation>
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
        <translation>%1：%2（最小 %3，最大 %4）</translation>
    </message>
    <message>
        <source>History unavailable: %1</source>
        <translation>历史不可用：%1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>No data in this range</source>
        <translation>此范围内无数据</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>正在加载</translation>
    </message>
    <message>
        <source>no readings in this range</source>
        <translation>此时间范围内没有读数</translation>
    </message>
    <message numerus="yes">
        <source>mean %1, peak %2 at %3, low %4; %n gaps</source>
        <translation>
            <numerusform>平均 %1，峰值 %2（%3），最低 %4；%n 处缺口</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 from %2: %n series shown</source>
        <translation>
            <numerusform>%1，%2：显示 %n 条曲线</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::HistoryReadings</name>
    <message>
        <source>no value stored for this reading</source>
        <translation>此读数未存储值</translation>
    </message>
</context>
<context>
    <name>gw::HistoryRoute</name>
    <message numerus="yes">
        <source>%1 history queries are running and %2 waiting, the most this agent holds; ask again in %n s</source>
        <translation>
            <numerusform>%1 个历史查询正在运行，%2 个正在等待，已达到此代理的上限；请在 %n s 后重试</numerusform>
        </translation>
    </message>
    <message>
        <source>this agent keeps no history (agent.toml has no &quot;history&quot;)</source>
        <translation>此代理不保留历史（agent.toml 中没有 &quot;history&quot;）</translation>
    </message>
    <message>
        <source>&quot;from&quot; and &quot;to&quot; are required (ms since the epoch)</source>
        <translation>必须提供 &quot;from&quot; 和 &quot;to&quot;（自纪元以来的 ms 数）</translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation>&quot;to&quot; 必须晚于 &quot;from&quot;</translation>
    </message>
    <message numerus="yes">
        <source>the range is longer than the history keeps (%n day(s))</source>
        <translation>
            <numerusform>范围超过了历史的保留期（%n 天）</numerusform>
        </translation>
    </message>
    <message>
        <source>give &quot;points&quot; or &quot;step&quot;, not both</source>
        <translation>请指定 &quot;points&quot; 或 &quot;step&quot;，不要同时指定</translation>
    </message>
    <message>
        <source>&quot;points&quot; or &quot;step&quot; is required</source>
        <translation>必须提供 &quot;points&quot; 或 &quot;step&quot;</translation>
    </message>
    <message>
        <source>&quot;step&quot; gives %1 buckets; at most %2 are served</source>
        <translation>&quot;step&quot; 产生 %1 个桶；最多提供 %2 个</translation>
    </message>
    <message>
        <source>&quot;series&quot; is required (&lt;target&gt;/&lt;metric number&gt;, comma-separated)</source>
        <translation>必须提供 &quot;series&quot;（&lt;目标&gt;/&lt;指标编号&gt;，以逗号分隔）</translation>
    </message>
    <message>
        <source>%1 series asked for; at most %2 are served</source>
        <translation>请求了 %1 个序列；最多提供 %2 个</translation>
    </message>
    <message>
        <source>the history holds no server yet; give &quot;server&quot;</source>
        <translation>历史中尚无任何服务器；请指定 &quot;server&quot;</translation>
    </message>
    <message>
        <source>&quot;server&quot; is required: the history holds %1</source>
        <translation>必须提供 &quot;server&quot;：历史中有 %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is given more than once</source>
        <translation>&quot;%1&quot; 被指定了多次</translation>
    </message>
</context>
<context>
    <name>gw::HistoryService</name>
    <message>
        <source>history is not running</source>
        <translation>历史未在运行</translation>
    </message>
</context>
<context>
    <name>gw::HistoryWire</name>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <source>not a whole number</source>
        <translation>不是整数</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>低于 %1</translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation>不是有限数</translation>
    </message>
    <message>
        <source>outside from_ms to to_ms</source>
        <translation>超出 from_ms 到 to_ms 的范围</translation>
    </message>
    <message>
        <source>min, mean and max out of order</source>
        <translation>min、mean 和 max 的大小顺序不正确</translation>
    </message>
    <message>
        <source>not after the previous bucket</source>
        <translation>不在上一个桶之后</translation>
    </message>
    <message>
        <source>out of order</source>
        <translation>顺序错误</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>不是对象</translation>
    </message>
    <message>
        <source>missing or not a string</source>
        <translation>缺失或不是字符串</translation>
    </message>
    <message>
        <source>missing or not an array</source>
        <translation>缺失或不是数组</translation>
    </message>
    <message>
        <source>not a [from_ms, to_ms] pair</source>
        <translation>不是 [from_ms, to_ms] 对</translation>
    </message>
    <message>
        <source>the data ends early</source>
        <translation>数据提前结束</translation>
    </message>
    <message>
        <source>malformed CBOR: %1</source>
        <translation>CBOR 格式错误：%1</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>应为 %1，实为 %2</translation>
    </message>
    <message>
        <source>a map</source>
        <translation>映射</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a text string</source>
        <translation>文本字符串</translation>
    </message>
    <message>
        <source>an integer key</source>
        <translation>整数键</translation>
    </message>
    <message>
        <source>expected 5 values (start_ms, min, max, mean, count), got %1</source>
        <translation>应为 5 个值（start_ms、min、max、mean、count），实际为 %1</translation>
    </message>
    <message>
        <source>more than 5 values (start_ms, min, max, mean, count)</source>
        <translation>多于 5 个值（start_ms、min、max、mean、count）</translation>
    </message>
    <message>
        <source>given twice</source>
        <translation>被指定了两次</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &lt;target&gt;/&lt;metric number&gt;</source>
        <translation>&quot;%1&quot; 不是 &lt;目标&gt;/&lt;指标编号&gt;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names no known metric</source>
        <translation>&quot;%1&quot; 不是已知指标</translation>
    </message>
    <message>
        <source>not after from_ms</source>
        <translation>不晚于 from_ms</translation>
    </message>
    <message>
        <source>missing or not a name</source>
        <translation>缺失或不是名称</translation>
    </message>
    <message>
        <source>comes before server, from_ms, to_ms or step_ms</source>
        <translation>出现在 server、from_ms、to_ms 或 step_ms 之前</translation>
    </message>
    <message>
        <source>more data after the reply</source>
        <translation>应答之后还有多余数据</translation>
    </message>
</context>
<context>
    <name>gw::HostPage</name>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Disk I/O</source>
        <translation>磁盘 I/O</translation>
    </message>
    <message>
        <source>Cgroup memory</source>
        <translation>Cgroup 内存</translation>
    </message>
    <message>
        <source>Cgroup CPU</source>
        <translation>Cgroup CPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1 used of %2</source>
        <translation>已用 %1 / %2</translation>
    </message>
    <message>
        <source>read %1, write %2</source>
        <translation>读取 %1，写入 %2</translation>
    </message>
    <message>
        <source>%1 used of %2 limit (cgroup %3)</source>
        <translation>已用 %1 / 限制 %2（cgroup %3）</translation>
    </message>
    <message>
        <source>not in a limited cgroup</source>
        <translation>不在受限的 cgroup 中</translation>
    </message>
    <message>
        <source>no limit (cgroup %1)</source>
        <translation>无限制（cgroup %1）</translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation>%1 核</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Last reading</source>
        <translation>最近读数</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation>%1（%2 前）</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n cores</source>
        <translation>
            <numerusform>%1 / %n 核</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::JsonFields</name>
    <message>
        <source>unknown key (known: %1)</source>
        <translation>未知键（已知：%1）</translation>
    </message>
    <message>
        <source>does not read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a string or null</source>
        <translation>字符串或 null</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a number or null</source>
        <translation>数字或 null</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>an integer or null</source>
        <translation>整数或 null</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>true, false or null</source>
        <translation>true、false 或 null</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>an object or null</source>
        <translation>对象或 null</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an array or null</source>
        <translation>数组或 null</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>应为 %1，实为 %2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;%2&quot;</source>
        <translation>&quot;%1&quot; 不是 &quot;%2&quot; 之一</translation>
    </message>
    <message>
        <source>expected at least %1, got %2</source>
        <translation>应至少为 %1，实为 %2</translation>
    </message>
    <message>
        <source>expected at most %1, got %2</source>
        <translation>应至多为 %1，实为 %2</translation>
    </message>
</context>
<context>
    <name>gw::KeeperLink</name>
    <message>
        <source>%1: /v1/usage: %2</source>
        <translation>%1：/v1/usage：%2</translation>
    </message>
    <message>
        <source>%1: facts not stored, the journal refused them: %2</source>
        <translation>%1：数据未存储，日志拒绝写入：%2</translation>
    </message>
    <message>
        <source>%1: /v1/balances: %2</source>
        <translation>%1：/v1/balances：%2</translation>
    </message>
    <message>
        <source>%1: /api/v1/query: %2</source>
        <translation>%1：/api/v1/query：%2</translation>
    </message>
    <message>
        <source>the keeper %1 has not been read yet</source>
        <translation>尚未读取账本保管方 %1</translation>
    </message>
    <message>
        <source>the keeper has never been read: %1</source>
        <translation>从未读取过账本保管方：%1</translation>
    </message>
</context>
<context>
    <name>gw::Ledger</name>
    <message>
        <source>%1 GPU-hours on %2 of %3 (%4 UTC) at %5 tokens per GPU-hour</source>
        <translation>%3 的 %2 上 %1 GPU 小时（%4 UTC），每 GPU 小时 %5 代币</translation>
    </message>
    <message>
        <source>%1 kWh on %2 of %3 (%4 UTC, %5 GPU-hours) at %6 tokens per kWh</source>
        <translation>%3 的 %2 上 %1 kWh（%4 UTC，%5 GPU 小时），每 kWh %6 代币</translation>
    </message>
    <message>
        <source>%1 GPU-hours on MIG %2 (%3/%4 of the GPU) of %5 of %6 (%7 UTC) at %8 tokens per GPU-hour</source>
        <translation>%6 的 %5 上 MIG %2（GPU 的 %3/%4）%1 GPU 小时（%7 UTC），每 GPU 小时 %8 代币</translation>
    </message>
    <message>
        <source>(account %1)</source>
        <translation>（账户 %1）</translation>
    </message>
    <message>
        <source>price &quot;%1&quot; (line %2) matches no GPU seen</source>
        <translation>价格 &quot;%1&quot;（第 %2 行）未匹配任何已见 GPU</translation>
    </message>
    <message>
        <source>price &quot;%1&quot; matches no GPU seen</source>
        <translation>价格 &quot;%1&quot; 未匹配任何已见 GPU</translation>
    </message>
    <message>
        <source>charge = &quot;energy&quot;: %1 GPU-hours of use (%2) ran on GPUs that reported neither power nor an energy counter, or came from facts without energy: charged nothing for them</source>
        <translation>charge = &quot;energy&quot;：%1 GPU 小时的使用（%2）运行在既未报告功耗也未报告能耗计数器的 GPU 上，或来自不含能耗的记录：对其不计费</translation>
    </message>
    <message>
        <source>%1 tokens by %2: %3</source>
        <translation>%2 调整 %1 代币：%3</translation>
    </message>
    <message>
        <source>first seen: initial %1 and this month&apos;s %2</source>
        <translation>首次出现：初始 %1 及本月的 %2</translation>
    </message>
    <message>
        <source>monthly addition for %1</source>
        <translation>%1 的每月增发</translation>
    </message>
    <message>
        <source>daily addition for %1</source>
        <translation>%1 的每日增发</translation>
    </message>
    <message>
        <source>daily addition for %1 (balance below zero)</source>
        <translation>%1 的每日增发（余额低于零）</translation>
    </message>
</context>
<context>
    <name>gw::LedgerModel</name>
    <message>
        <source>grant</source>
        <translation>发放</translation>
    </message>
    <message>
        <source>monthly</source>
        <translation>每月</translation>
    </message>
    <message>
        <source>daily</source>
        <translation>每日</translation>
    </message>
    <message>
        <source>usage</source>
        <translation>使用</translation>
    </message>
    <message>
        <source>adjustment</source>
        <translation>调整</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>数额</translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation>变动后余额</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>gw::LiveGpuPage</name>
    <message>
        <source>Utilisation %1</source>
        <translation>利用率 %1</translation>
    </message>
    <message>
        <source>memory %1 / %2</source>
        <translation>显存 %1 / %2</translation>
    </message>
    <message>
        <source>power %1 of %2</source>
        <translation>功耗 %1 / %2</translation>
    </message>
    <message>
        <source>SM clock %1</source>
        <translation>SM 时钟 %1</translation>
    </message>
    <message>
        <source>fan %1</source>
        <translation>风扇 %1</translation>
    </message>
    <message>
        <source>persistence %1</source>
        <translation>持久模式 %1</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;错误：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation>MIG 模式下不报告利用率</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <source>slowdown %1</source>
        <translation>降频 %1</translation>
    </message>
    <message>
        <source>limit %1</source>
        <translation>限制 %1</translation>
    </message>
    <message>
        <source>slowed by %1</source>
        <translation>因 %1 降频</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU failing:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;GPU 故障：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU degraded:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;GPU 降级：&lt;/b&gt;%1</translation>
    </message>
</context>
<context>
    <name>gw::LiveHeader</name>
    <message numerus="yes">
        <source>Last %n min</source>
        <translation>
            <numerusform>最近 %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Time window of the charts</source>
        <translation>图表的时间窗口</translation>
    </message>
    <message>
        <source>%1 · GPU %2 · %3</source>
        <translation>%1 · GPU %2 · %3</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n processes on GPUs</source>
        <translation>
            <numerusform>GPU 上有 %n 个进程</numerusform>
        </translation>
    </message>
    <message>
        <source>own PID namespace: no process named</source>
        <translation>独立的 PID 命名空间：无进程名称</translation>
    </message>
</context>
<context>
    <name>gw::LocalProducer</name>
    <message>
        <source>Host figures unavailable: %1</source>
        <translation>主机数据不可用：%1</translation>
    </message>
    <message>
        <source>The kernel log cannot be read, so XIDs come only from NVML&apos;s events while the sampler runs: %1</source>
        <translation>无法读取内核日志，因此 XID 仅来自采样器运行期间 NVML 的事件：%1</translation>
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
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About GPU Warden</source>
        <translation>关于 GPU Warden(&amp;A)</translation>
    </message>
    <message>
        <source>About GPU Warden</source>
        <translation>关于 GPU Warden</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU Warden&lt;/b&gt; %1&lt;br&gt;Monitoring and admin for shared GPU servers.</source>
        <translation>&lt;b&gt;GPU Warden&lt;/b&gt; %1&lt;br&gt;共享 GPU 服务器的监控与管理工具。</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>&amp;Servers…</source>
        <translation>服务器(&amp;S)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>概览(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Processes</source>
        <translation>进程(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Details</source>
        <translation>详情(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Policy…</source>
        <translation>策略(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
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
        <translation>事件(&amp;E)</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>&amp;Report…</source>
        <translation>报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;Find GPUs…</source>
        <translation>查找 GPU(&amp;F)…</translation>
    </message>
    <message>
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <source>&amp;Tokens</source>
        <translation>代币(&amp;T)</translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation>Ctrl+5</translation>
    </message>
    <message>
        <source>&amp;Books</source>
        <translation>账本(&amp;B)</translation>
    </message>
    <message>
        <source>E&amp;nforcement</source>
        <translation>强制执行(&amp;N)</translation>
    </message>
    <message>
        <source>Adopt prices</source>
        <translation>采用价格</translation>
    </message>
    <message>
        <source>This policy has no [tokens] section, so it keeps no token books: add one to set prices.</source>
        <translation>此策略没有 [tokens] 节，因此不保存代币账本：请添加该节以设置价格。</translation>
    </message>
    <message>
        <source>the window is closing</source>
        <translation>窗口正在关闭</translation>
    </message>
    <message>
        <source>Fair &amp;share</source>
        <translation>公平份额(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>系统（%1）(&amp;S)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>GPU Warden speaks %1 from its next start.</source>
        <translation>GPU Warden 将在下次启动时使用%1。</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>T&amp;heme</source>
        <translation>主题(&amp;H)</translation>
    </message>
</context>
<context>
    <name>gw::Metrics</name>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>GPU memory used</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU 温度</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU 功耗</translation>
    </message>
    <message>
        <source>GPU SM clock</source>
        <translation>GPU SM 时钟</translation>
    </message>
    <message>
        <source>Host CPU</source>
        <translation>主机 CPU</translation>
    </message>
    <message>
        <source>Host memory used</source>
        <translation>已用内存</translation>
    </message>
    <message>
        <source>Process memory</source>
        <translation>进程显存</translation>
    </message>
    <message>
        <source>Process SM</source>
        <translation>进程 SM</translation>
    </message>
</context>
<context>
    <name>gw::OverviewModel</name>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG, %n instances, utilisation not reported</source>
        <translation>
            <numerusform>MIG，%n 个实例，未报告利用率</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GPU %2</source>
        <translation>%1 GPU %2</translation>
    </message>
    <message>
        <source>stale, last reading %1 ago, no verdict</source>
        <translation>过时，最后读数于 %1 前，无判定</translation>
    </message>
    <message>
        <source>GPU failing: %1</source>
        <translation>GPU 故障：%1</translation>
    </message>
    <message>
        <source>GPU degraded: %1</source>
        <translation>GPU 降级：%1</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1：%2/%3</translation>
    </message>
    <message>
        <source>utilisation %1</source>
        <translation>利用率 %1</translation>
    </message>
    <message>
        <source>memory %1 of %2</source>
        <translation>显存 %1/%2</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>温度 %1</translation>
    </message>
    <message>
        <source>power %1</source>
        <translation>功耗 %1</translation>
    </message>
    <message>
        <source>users %1</source>
        <translation>用户 %1</translation>
    </message>
    <message>
        <source>no processes</source>
        <translation>无进程</translation>
    </message>
    <message>
        <source>waiting for the first reading</source>
        <translation>正在等待第一个读数</translation>
    </message>
    <message>
        <source>stale, last reading %1 ago</source>
        <translation>过时，最后读数于 %1 前</translation>
    </message>
    <message>
        <source>updated %1 ago</source>
        <translation>%1 前更新</translation>
    </message>
    <message>
        <source>reading %1 old</source>
        <translation>读数已有 %1</translation>
    </message>
</context>
<context>
    <name>gw::OverviewPage</name>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Sort GPUs by</source>
        <translation>GPU 排序方式</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>所有状态</translation>
    </message>
    <message>
        <source>Show GPUs in state</source>
        <translation>显示处于以下状态的 GPU</translation>
    </message>
    <message>
        <source>Filter by user, model or server</source>
        <translation>按用户、型号或服务器筛选</translation>
    </message>
    <message>
        <source>Filter GPUs</source>
        <translation>筛选 GPU</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1/%2</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Sort:</source>
        <translation>排序(&amp;S)：</translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation>显示(&amp;W)：</translation>
    </message>
    <message>
        <source>Greyed tiles: last figures of a stale server, with their age · bar: memory used (one part per MIG instance) · n/r: not reported</source>
        <translation>灰色磁贴：过时服务器的最后数值及其时长 · 条形：已用显存（每个 MIG 实例一段） · n/r：未报告</translation>
    </message>
</context>
<context>
    <name>gw::OverviewView</name>
    <message>
        <source>Fleet overview</source>
        <translation>服务器群概览</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 前</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>util n/r</source>
        <translation>利用率 n/r</translation>
    </message>
    <message numerus="yes">
        <source>MIG: %n instances</source>
        <translation>
            <numerusform>MIG：%n 个实例</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>no processes</source>
        <translation>无进程</translation>
    </message>
    <message>
        <source>No GPU matches the filter.</source>
        <translation>没有与筛选条件匹配的 GPU。</translation>
    </message>
    <message>
        <source>No server has reported yet.</source>
        <translation>尚无服务器报告。</translation>
    </message>
    <message>
        <source>No GPU on this server.</source>
        <translation>此服务器上没有 GPU。</translation>
    </message>
    <message>
        <source>stale, last reading %1 ago</source>
        <translation>过时，最后读数于 %1 前</translation>
    </message>
    <message>
        <source>host %1</source>
        <translation>主机 %1</translation>
    </message>
</context>
<context>
    <name>gw::OwnerText</name>
    <message>
        <source>Owner %1: %2</source>
        <translation>所有者 %1：%2</translation>
    </message>
    <message>
        <source>Host user %1</source>
        <translation>主机用户 %1</translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation>镜像 %1</translation>
    </message>
    <message>
        <source>Partition %1</source>
        <translation>分区 %1</translation>
    </message>
    <message>
        <source>The sampler of this server runs in a PID namespace of its own (a container without the host&apos;s PID namespace): the driver&apos;s process ids are not the ones it sees, so no process is named and no owner is shown.</source>
        <translation>此服务器的采样器运行在独立的 PID 命名空间中（容器未使用主机的 PID 命名空间）：驱动报告的进程 ID 与它看到的不同，因此无法指明进程，也不显示所有者。</translation>
    </message>
    <message>
        <source>held by %1 (%2)</source>
        <translation>由 %1（%2）占用</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>由 %1 占用</translation>
    </message>
</context>
<context>
    <name>gw::Palette</name>
    <message>
        <source>free</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>idle, memory held</source>
        <translation>空闲，显存被占用</translation>
    </message>
    <message>
        <source>hot</source>
        <translation>过热</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>未报告利用率</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>过时</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>正在连接</translation>
    </message>
    <message>
        <source>Reporting, below 10 % utilisation, no process on it.</source>
        <translation>正在报告，利用率低于 10 %，其上无进程。</translation>
    </message>
    <message>
        <source>In use: at or above 10 % utilisation.</source>
        <translation>使用中：利用率达到或高于 10 %。</translation>
    </message>
    <message>
        <source>Processes hold memory on it while it is nearly idle.</source>
        <translation>进程在其几乎空闲时占用其显存。</translation>
    </message>
    <message>
        <source>At or above the temperature where the driver slows it down.</source>
        <translation>温度达到或高于驱动程序开始降频的温度。</translation>
    </message>
    <message>
        <source>The driver does not report its utilisation (MIG mode, old drivers): no verdict.</source>
        <translation>驱动程序不报告其利用率（MIG 模式、旧版驱动程序）：无判定。</translation>
    </message>
    <message>
        <source>No reading for more than three sampling intervals, or the server is not connected: the figures shown are the last ones, greyed, with no verdict.</source>
        <translation>超过三个采样间隔没有读数，或服务器未连接：所示数值为最后的数值，以灰色显示，无判定。</translation>
    </message>
    <message>
        <source>The device failed, or the server cannot be reached or refuses us.</source>
        <translation>设备故障，或服务器无法访问或拒绝连接。</translation>
    </message>
    <message>
        <source>The server has not answered yet.</source>
        <translation>服务器尚未应答。</translation>
    </message>
</context>
<context>
    <name>gw::PolicyClient</name>
    <message>
        <source>%1: this agent&apos;s token has read access only; changing the policy needs a token with admin scope (HTTP 403)</source>
        <translation>%1：此代理的访问令牌只有读取权限；更改策略需要具有 admin 范围的访问令牌（HTTP 403）</translation>
    </message>
    <message>
        <source>&quot;events&quot;: expected an array</source>
        <translation>&quot;events&quot;：应为数组</translation>
    </message>
    <message>
        <source>&quot;policy&quot;: expected an object</source>
        <translation>&quot;policy&quot;：应为对象</translation>
    </message>
</context>
<context>
    <name>gw::PolicyDialog</name>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation>%1（PID %2，%3）</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>, GPU %1</source>
        <translation>，GPU %1</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>&amp;Form</source>
        <translation>表单(&amp;F)</translation>
    </message>
    <message>
        <source>policy.&amp;toml</source>
        <translation>policy.&amp;toml</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>回放(&amp;R)</translation>
    </message>
    <message>
        <source>Click a mistake to go to it in the text.</source>
        <translation>点击错误即可跳转到文本中的对应位置。</translation>
    </message>
    <message>
        <source>Replay Last 24 h</source>
        <translation>回放最近 24 小时</translation>
    </message>
    <message>
        <source>List the events the edited policy would have found in the last 24 hours of readings, before saving it.</source>
        <translation>在保存之前，列出编辑后的策略在最近 24 小时的读数中会发现的事件。</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Apply to %1</source>
        <translation>应用到 %1(&amp;A)</translation>
    </message>
    <message numerus="yes">
        <source>Replaying the edited policy… %L1 readings</source>
        <translation>
            <numerusform>正在回放编辑后的策略… %L1 个读数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaying the current policy for comparison… %L1 readings</source>
        <translation>
            <numerusform>正在回放当前策略以作比较… %L1 个读数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries skipped in all.</source>
        <translation>
            <numerusform>共跳过 %n 个条目。</numerusform>
        </translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Load bands and defensive mode: in the text.</source>
        <translation>负载区间和防御模式：在文本中编辑。</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Group quotas: in the text.</source>
        <translation>组配额：在文本中编辑。</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation>份额（%）</translation>
    </message>
    <message>
        <source>Time windows (; between them)</source>
        <translation>时间窗口（以 ; 分隔）</translation>
    </message>
    <message>
        <source>Add User</source>
        <translation>添加用户</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>user%1</source>
        <translation>user%1</translation>
    </message>
    <message>
        <source>Replay the edited policy over the readings of the last 24 hours to see what it would have found.</source>
        <translation>用最近 24 小时的读数回放编辑后的策略，查看它会发现什么。</translation>
    </message>
    <message>
        <source>Cancel Replay</source>
        <translation>取消回放</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source># policy.toml of this computer: every key at its default. See docs/policies.md.
</source>
        <translation># 本机的 policy.toml：所有键均为默认值。参见 docs/policies.md。
</translation>
    </message>
    <message>
        <source>%1 does not exist yet; Save creates it.</source>
        <translation>%1 尚不存在；保存时将创建它。</translation>
    </message>
    <message>
        <source>The policy in force on %1 (%2). Applying it needs a token with admin scope; the agent checks it again and keeps the previous version.</source>
        <translation>%1 上生效的策略（%2）。应用它需要具有 admin 范围的访问令牌；代理会再次检查并保留上一版本。</translation>
    </message>
    <message>
        <source>Reading the policy of %1…</source>
        <translation>正在读取 %1 的策略…</translation>
    </message>
    <message>
        <source>Cannot read the policy of %1: %2</source>
        <translation>无法读取 %1 的策略：%2</translation>
    </message>
    <message>
        <source># The policy in force on %1 (version %2, from %3), every key with its effective value.
</source>
        <translation># %1 上生效的策略（版本 %2，来自 %3），每个键均为其实际生效值。
</translation>
    </message>
    <message>
        <source>unknown source</source>
        <translation>未知来源</translation>
    </message>
    <message>
        <source>Version %1, changed %2.</source>
        <translation>版本 %1，更改于 %2。</translation>
    </message>
    <message>
        <source>Version %1.</source>
        <translation>版本 %1。</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>The policy is valid.</source>
        <translation>策略有效。</translation>
    </message>
    <message numerus="yes">
        <source>The policy is valid, with %n warning(s):</source>
        <translation>
            <numerusform>策略有效，有 %n 个警告：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s); Save waits until they are fixed:</source>
        <translation>
            <numerusform>%n 个错误；修正之前无法保存：</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Not saved: the previous version could not be kept as %1.</source>
        <translation>未保存：无法将上一版本保留为 %1。</translation>
    </message>
    <message>
        <source>Saved to %1; the previous version is kept as %2.</source>
        <translation>已保存到 %1；上一版本保留为 %2。</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
    <message>
        <source>Sending the policy to %1…</source>
        <translation>正在将策略发送到 %1…</translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2).</source>
        <translation>%1 已应用该策略（版本 %2）。</translation>
    </message>
    <message>
        <source>%1 applied the policy (version %2), but could not store it: it lasts until the agent restarts.</source>
        <translation>%1 已应用该策略（版本 %2），但无法保存它：它只在代理重启前有效。</translation>
    </message>
    <message>
        <source>In force now:</source>
        <translation>当前生效：</translation>
    </message>
    <message>
        <source>%1 refused the policy: %2</source>
        <translation>%1 拒绝了该策略：%2</translation>
    </message>
    <message>
        <source>Replaying the edited policy…</source>
        <translation>正在回放编辑后的策略…</translation>
    </message>
    <message>
        <source>event %1 of the agent&apos;s answer skipped: %2</source>
        <translation>已跳过代理应答中的事件 %1：%2</translation>
    </message>
    <message>
        <source>Replaying the current policy for comparison…</source>
        <translation>正在回放当前策略以作比较…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%1 (open)</source>
        <translation>%1（未结束）</translation>
    </message>
    <message>
        <source>%1: %2 (current policy: %3)</source>
        <translation>%1：%2（当前策略：%3）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The replay failed: %1</source>
        <translation>回放失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Replay cancelled after %n reading(s).</source>
        <translation>
            <numerusform>回放在 %n 个读数后取消。</numerusform>
        </translation>
    </message>
    <message>
        <source>No readings in the last 24 hours to replay.</source>
        <translation>最近 24 小时内没有可回放的读数。</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) in %L1 readings of the last 24 hours.</source>
        <translation>
            <numerusform>在最近 24 小时的 %L1 个读数中有 %n 个事件。</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo</source>
        <translation>演示</translation>
    </message>
    <message>
        <source>Policy — agent %1 (%2)</source>
        <translation>策略 — 代理 %1（%2）</translation>
    </message>
    <message>
        <source>Policy — demo (in memory)</source>
        <translation>策略 — 演示（内存中）</translation>
    </message>
    <message>
        <source>Policy — this computer (%1)</source>
        <translation>策略 — 本机（%1）</translation>
    </message>
    <message>
        <source>&amp;Apply to the Demo</source>
        <translation>应用到演示(&amp;A)</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Members (@group)</source>
        <translation>成员（@组）</translation>
    </message>
    <message>
        <source>GPUs at most</source>
        <translation>最多 GPU 数</translation>
    </message>
    <message>
        <source>Per member</source>
        <translation>每个成员</translation>
    </message>
    <message>
        <source>0 or empty: no cap. Members are user names, and Unix groups written with @.</source>
        <translation>0 或留空：无上限。成员为用户名，Unix 组以 @ 开头书写。</translation>
    </message>
    <message>
        <source>Add Account</source>
        <translation>添加账户</translation>
    </message>
    <message>
        <source>lab%1</source>
        <translation>lab%1</translation>
    </message>
    <message>
        <source>The policy the demo applies to its simulated fleet, kept in memory: Apply puts it in force at once (the Events page, the verdicts, the report) and writes no file. It ends with the demo.</source>
        <translation>演示对其模拟服务器群应用的策略，保存在内存中：“应用”会立即使其生效（事件页、判定、报告），不写入任何文件。演示结束时它也随之结束。</translation>
    </message>
    <message>
        <source>The file this computer&apos;s policies read, %1: Save writes it and they apply it at once.</source>
        <translation>本机策略读取的文件 %1：“保存”会写入该文件，策略会立即应用它。</translation>
    </message>
    <message>
        <source>The file this computer&apos;s policies read, %1. They do not run in this window (--no-local, or the file was refused at start): Save writes it, and it is applied when GPU Warden next watches this computer.</source>
        <translation>本机策略读取的文件 %1。这些策略不在此窗口中运行（--no-local，或该文件在启动时被拒绝）：“保存”会写入该文件，GPU Warden 下次监视本机时将应用它。</translation>
    </message>
    <message>
        <source>The demo applies this policy from its next reading on; no file was written.</source>
        <translation>演示从下一个读数起应用此策略；未写入任何文件。</translation>
    </message>
    <message>
        <source>Mistakes in the policy</source>
        <translation>策略中的错误</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Accounts</source>
        <translation>账户</translation>
    </message>
</context>
<context>
    <name>gw::PolicyEngine</name>
    <message>
        <source>holds little memory</source>
        <translation>占用显存很少</translation>
    </message>
    <message>
        <source>GPU not read</source>
        <translation>未读取 GPU</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>未报告利用率</translation>
    </message>
    <message>
        <source>busy again</source>
        <translation>再次忙碌</translation>
    </message>
    <message>
        <source>power draw above idle</source>
        <translation>功耗高于空闲水平</translation>
    </message>
    <message>
        <source>exempt</source>
        <translation>豁免</translation>
    </message>
    <message>
        <source>memory changing</source>
        <translation>显存在变化</translation>
    </message>
    <message>
        <source>no cap in the policy</source>
        <translation>策略中无上限</translation>
    </message>
    <message>
        <source>over cap: terminate in %1</source>
        <translation>超出上限：%1 后终止</translation>
    </message>
    <message>
        <source>back within the cap</source>
        <translation>已回到上限以内</translation>
    </message>
    <message>
        <source>process ended after the action</source>
        <translation>进程在操作后结束</translation>
    </message>
    <message>
        <source>process exited</source>
        <translation>进程已退出</translation>
    </message>
    <message>
        <source>too few readings in the window</source>
        <translation>窗口内读数过少</translation>
    </message>
    <message>
        <source>back within quota</source>
        <translation>已回到配额以内</translation>
    </message>
    <message>
        <source>healthy again</source>
        <translation>已恢复健康</translation>
    </message>
    <message>
        <source>told</source>
        <translation>已通知</translation>
    </message>
    <message>
        <source>below threshold</source>
        <translation>低于阈值</translation>
    </message>
    <message>
        <source>GPU disappeared</source>
        <translation>GPU 已消失</translation>
    </message>
    <message>
        <source>policy changed</source>
        <translation>策略已更改</translation>
    </message>
    <message>
        <source>idle: terminate in %1</source>
        <translation>空闲：%1 后终止</translation>
    </message>
    <message>
        <source>wall clock stepped back</source>
        <translation>系统时钟回拨</translation>
    </message>
    <message>
        <source>gap in readings</source>
        <translation>读数中断</translation>
    </message>
    <message>
        <source>root&apos;s processes are never signalled</source>
        <translation>从不向 root 的进程发送信号</translation>
    </message>
    <message>
        <source>start time unknown: not signalled</source>
        <translation>启动时间未知：未发送信号</translation>
    </message>
    <message>
        <source>dry run: would send SIGTERM to PID %1</source>
        <translation>试运行：将向 PID %1 发送 SIGTERM</translation>
    </message>
    <message>
        <source>would send SIGTERM to PID %1 (not enforcing here)</source>
        <translation>将向 PID %1 发送 SIGTERM（此处不强制执行）</translation>
    </message>
    <message>
        <source>SIGTERM requested for PID %1</source>
        <translation>已请求向 PID %1 发送 SIGTERM</translation>
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
        <translation>账户 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1（PID %2）</translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation>%1（PID %2，%3）</translation>
    </message>
    <message>
        <source>%1 GPU %2</source>
        <translation>%1 GPU %2</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <source>expected an integer or null</source>
        <translation>应为整数或 null</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>应为数字</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>GPU hog: %1 at %2 for %3 on %4</source>
        <translation>GPU 独占：%1 在 %4 上以 %2 的利用率持续 %3</translation>
    </message>
    <message>
        <source>Idle GPU: %1 holds %2 MiB at %3 for %4 on %5</source>
        <translation>空闲 GPU：%1 在 %5 上占用 %2 MiB，利用率 %3，持续 %4</translation>
    </message>
    <message>
        <source>Over quota: %1 at %2 of %3 for %4 (expected quota: %5)</source>
        <translation>超出配额：%1 占用 %3 的 %2，持续 %4（应有配额：%5）</translation>
    </message>
    <message>
        <source>GPU failing: %1</source>
        <translation>GPU 故障：%1</translation>
    </message>
    <message>
        <source>GPU failing: %1: %2</source>
        <translation>GPU 故障：%1：%2</translation>
    </message>
    <message>
        <source>GPU degraded: %1</source>
        <translation>GPU 降级：%1</translation>
    </message>
    <message>
        <source>GPU degraded: %1: %2</source>
        <translation>GPU 降级：%1：%2</translation>
    </message>
    <message>
        <source>%1 on %2 (the driver named no process)</source>
        <translation>%2 上的 %1（驱动未指明进程）</translation>
    </message>
    <message>
        <source>%1 caused by %2 on %3</source>
        <translation>%3 上由 %2 引起的 %1</translation>
    </message>
    <message>
        <source>Over a GPU cap: %1 on %2 (%3)</source>
        <translation>超出 GPU 上限：%2 上的 %1（%3）</translation>
    </message>
    <message>
        <source>expected hog, idle, fair_share, gpu_health, xid or over_cap, got &quot;%1&quot;</source>
        <translation>应为 hog、idle、fair_share、gpu_health、xid 或 over_cap，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected degraded or failing, got &quot;%1&quot;</source>
        <translation>应为 degraded 或 failing，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation>应为数组</translation>
    </message>
    <message>
        <source>expected strings</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected at most %1 reasons</source>
        <translation>最多应有 %1 条原因</translation>
    </message>
    <message>
        <source>expected 1 to 999, got %1</source>
        <translation>应为 1 到 999，实际为 %1</translation>
    </message>
    <message>
        <source>expected user, member or account, got &quot;%1&quot;</source>
        <translation>应为 user、member 或 account，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected 1 to %1, got %2</source>
        <translation>应为 1 到 %1，实际为 %2</translation>
    </message>
    <message>
        <source>expected 0 to 100000, got %1</source>
        <translation>应为 0 到 100000，实际为 %1</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <source>expected warning, terminate, kill or refused, got &quot;%1&quot;</source>
        <translation>应为 warning、terminate、kill 或 refused，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>warning</source>
        <comment>an enforcement step: the owner was warned</comment>
        <translation>警告</translation>
    </message>
    <message>
        <source>terminate</source>
        <comment>an enforcement step (SIGTERM); also read as &apos;would %1&apos;</comment>
        <translation>终止</translation>
    </message>
    <message>
        <source>kill</source>
        <comment>an enforcement step (SIGKILL); also read as &apos;would %1&apos;</comment>
        <translation>强制终止</translation>
    </message>
    <message>
        <source>refused</source>
        <comment>an enforcement step that was not taken, and why</comment>
        <translation>已拒绝</translation>
    </message>
</context>
<context>
    <name>gw::PolicyEventKind</name>
    <message>
        <source>GPU hog</source>
        <translation>GPU 独占</translation>
    </message>
    <message>
        <source>Hog</source>
        <translation>独占</translation>
    </message>
    <message>
        <source>hog</source>
        <translation>独占</translation>
    </message>
    <message>
        <source>H</source>
        <translation>独</translation>
    </message>
    <message>
        <source>&amp;Hog</source>
        <translation>独占(&amp;H)</translation>
    </message>
    <message>
        <source>Idle GPU</source>
        <translation>空闲 GPU</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>I</source>
        <translation>闲</translation>
    </message>
    <message>
        <source>&amp;Idle</source>
        <translation>空闲(&amp;I)</translation>
    </message>
    <message>
        <source>Over quota</source>
        <translation>超出配额</translation>
    </message>
    <message>
        <source>Fair share</source>
        <translation>公平份额</translation>
    </message>
    <message>
        <source>fair share</source>
        <translation>公平份额</translation>
    </message>
    <message>
        <source>Q</source>
        <translation>配</translation>
    </message>
    <message>
        <source>&amp;Fair share</source>
        <translation>公平份额(&amp;F)</translation>
    </message>
    <message>
        <source>over quota</source>
        <translation>超出配额</translation>
    </message>
    <message>
        <source>quota</source>
        <translation>配额</translation>
    </message>
    <message>
        <source>GPU fault</source>
        <translation>GPU 故障</translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation>GPU 健康</translation>
    </message>
    <message>
        <source>F</source>
        <translation>故</translation>
    </message>
    <message>
        <source>GPU &amp;faults</source>
        <translation>GPU 故障(&amp;F)</translation>
    </message>
    <message>
        <source>faulty GPU</source>
        <translation>故障 GPU</translation>
    </message>
    <message>
        <source>fault</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>XID from a program</source>
        <translation>程序引发的 XID</translation>
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
        <translation>XID(&amp;X)</translation>
    </message>
    <message>
        <source>caused an XID</source>
        <translation>引发了 XID</translation>
    </message>
    <message>
        <source>xid</source>
        <translation>XID</translation>
    </message>
    <message>
        <source>Over a GPU cap</source>
        <translation>超出 GPU 上限</translation>
    </message>
    <message>
        <source>Over cap</source>
        <translation>超出上限</translation>
    </message>
    <message>
        <source>over cap</source>
        <translation>超出上限</translation>
    </message>
    <message>
        <source>C</source>
        <translation>限</translation>
    </message>
    <message>
        <source>Over &amp;cap</source>
        <translation>超出上限(&amp;C)</translation>
    </message>
    <message>
        <source>over a GPU cap</source>
        <translation>超出 GPU 上限</translation>
    </message>
    <message>
        <source>cap</source>
        <translation>上限</translation>
    </message>
</context>
<context>
    <name>gw::PolicySchema</name>
    <message>
        <source>Hog: a GPU kept busy</source>
        <translation>独占：GPU 持续忙碌</translation>
    </message>
    <message>
        <source>GPU utilisation at or above which a process counts towards a hog</source>
        <translation>进程计入独占的 GPU 利用率下限（达到或超过此值）</translation>
    </message>
    <message>
        <source>Utilisation at least:</source>
        <translation>利用率至少：</translation>
    </message>
    <message>
        <source>held this long makes a hog</source>
        <translation>持续这么久即构成独占</translation>
    </message>
    <message>
        <source>For at least:</source>
        <translation>持续至少：</translation>
    </message>
    <message>
        <source>each process on its own, or an owner&apos;s, a workload&apos;s or an account&apos;s processes together</source>
        <translation>单独判定每个进程，或合并判定同一所有者、工作负载或账户的进程</translation>
    </message>
    <message>
        <source>each process</source>
        <translation>每个进程</translation>
    </message>
    <message>
        <source>an owner&apos;s processes together</source>
        <translation>同一所有者的进程合并</translation>
    </message>
    <message>
        <source>a container&apos;s, pod&apos;s or job&apos;s processes together</source>
        <translation>同一容器、Pod 或作业的进程合并</translation>
    </message>
    <message>
        <source>an account&apos;s processes together</source>
        <translation>同一账户的进程合并</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>判定对象：</translation>
    </message>
    <message>
        <source>raise an alert when a hog is found</source>
        <translation>发现独占时发出告警</translation>
    </message>
    <message>
        <source>Alert when a hog is found</source>
        <translation>发现独占时告警</translation>
    </message>
    <message>
        <source>Idle: GPU memory held but unused</source>
        <translation>空闲：占用显存但未使用</translation>
    </message>
    <message>
        <source>below this GPU utilisation a process is idle</source>
        <translation>GPU 利用率低于此值时进程视为空闲</translation>
    </message>
    <message>
        <source>Utilisation below:</source>
        <translation>利用率低于：</translation>
    </message>
    <message>
        <source>idle for this long is judged idle</source>
        <translation>空闲持续这么久即判定为空闲</translation>
    </message>
    <message>
        <source>only processes holding at least this much GPU memory count</source>
        <translation>只计入占用显存不少于此值的进程</translation>
    </message>
    <message>
        <source>Holding at least:</source>
        <translation>占用至少：</translation>
    </message>
    <message>
        <source>near-idle power draw and flat memory must confirm an idle verdict</source>
        <translation>须由接近空闲的功耗和不变的显存确认空闲判定</translation>
    </message>
    <message>
        <source>warnings before the action, as time left before it</source>
        <translation>操作前的警告，以距操作的剩余时间表示</translation>
    </message>
    <message>
        <source>Warn before acting:</source>
        <translation>操作前警告：</translation>
    </message>
    <message>
        <source>what is done to an idle process</source>
        <translation>对空闲进程执行的操作</translation>
    </message>
    <message>
        <source>notify the owner</source>
        <translation>通知所有者</translation>
    </message>
    <message>
        <source>terminate the process</source>
        <translation>终止进程</translation>
    </message>
    <message>
        <source>Then:</source>
        <translation>然后：</translation>
    </message>
    <message>
        <source>record what would be done, do nothing</source>
        <translation>记录将执行的操作，但不执行</translation>
    </message>
    <message>
        <source>Dry run: record what would be done, do nothing</source>
        <translation>试运行：记录将执行的操作，但不执行</translation>
    </message>
    <message>
        <source>user names never touched</source>
        <translation>从不处理的用户名</translation>
    </message>
    <message>
        <source>Exempt users:</source>
        <translation>豁免用户：</translation>
    </message>
    <message>
        <source>user names, comma-separated</source>
        <translation>用户名，以逗号分隔</translation>
    </message>
    <message>
        <source>command names never touched</source>
        <translation>从不处理的命令名</translation>
    </message>
    <message>
        <source>Exempt commands:</source>
        <translation>豁免命令：</translation>
    </message>
    <message>
        <source>commands, comma-separated</source>
        <translation>命令，以逗号分隔</translation>
    </message>
    <message>
        <source>after SIGTERM, SIGKILL follows after this</source>
        <translation>发送 SIGTERM 后，经过此时长再发送 SIGKILL</translation>
    </message>
    <message>
        <source>Fair share: quotas</source>
        <translation>公平份额：配额</translation>
    </message>
    <message>
        <source>fair share is measured over this sliding window</source>
        <translation>公平份额在此滑动窗口内计算</translation>
    </message>
    <message>
        <source>Measured over:</source>
        <translation>计算窗口：</translation>
    </message>
    <message>
        <source>fair share&apos;s memory: usage this long ago weighs half; the caller who used least lately gets the next free GPU</source>
        <translation>公平份额的记忆：此时长之前的使用量权重减半；最近用得最少的请求者获得下一块可用 GPU</translation>
    </message>
    <message>
        <source>Memory (half-life):</source>
        <translation>记忆（半衰期）：</translation>
    </message>
    <message>
        <source>share of the server for users listed nowhere (100: no limit)</source>
        <translation>未在任何地方列出的用户可使用的服务器份额（100：无限制）</translation>
    </message>
    <message>
        <source>Users not listed:</source>
        <translation>未列出的用户：</translation>
    </message>
    <message>
        <source>one key per user name</source>
        <translation>每个用户名一个键</translation>
    </message>
    <message>
        <source>one key per Unix group (members resolved on the server)</source>
        <translation>每个 Unix 组一个键（成员在服务器上解析）</translation>
    </message>
    <message>
        <source>Accounts: caps on GPUs at once</source>
        <translation>账户：同时使用的 GPU 上限</translation>
    </message>
    <message>
        <source>GPUs and MIG instances one person holds at once, whatever the account; 0: no cap</source>
        <translation>一个人同时占有的 GPU 和 MIG 实例数，不论账户；0：无上限</translation>
    </message>
    <message>
        <source>GPUs per person at most:</source>
        <translation>每人最多 GPU 数：</translation>
    </message>
    <message>
        <source>the cap rule&apos;s steps for a holding past a cap recorded as &quot;would&quot;, nothing done</source>
        <translation>上限规则对超出上限的占用所采取的步骤记录为“would”，不执行任何操作</translation>
    </message>
    <message>
        <source>Dry run: record what the cap rule would do</source>
        <translation>试运行：记录上限规则将执行的操作</translation>
    </message>
    <message>
        <source>[accounts.NAME]: members = [&quot;alice&quot;, &quot;@lab&quot;], max_gpus, max_gpus_per_member (0: no cap), share (% of the server)</source>
        <translation>[accounts.NAME]：members = [&quot;alice&quot;, &quot;@lab&quot;]、max_gpus、max_gpus_per_member（0：无上限）、share（占服务器的 %）</translation>
    </message>
    <message>
        <source>Adaptive quotas</source>
        <translation>自适应配额</translation>
    </message>
    <message>
        <source>tighten quotas as the server gets busy</source>
        <translation>服务器繁忙时收紧配额</translation>
    </message>
    <message>
        <source>Tighten quotas as the server gets busy</source>
        <translation>服务器繁忙时收紧配额</translation>
    </message>
    <message>
        <source>a server at most up_to percent busy multiplies every quota by multiplier</source>
        <translation>繁忙程度至多为 up_to 百分比的服务器将每项配额乘以 multiplier</translation>
    </message>
    <message>
        <source>hogs present more than this fraction of hostile_window …</source>
        <translation>独占进程存在的时间超过 hostile_window 的此比例……</translation>
    </message>
    <message>
        <source>… switch to defensive mode</source>
        <translation>……切换到防御模式</translation>
    </message>
    <message>
        <source>every quota times this in defensive mode</source>
        <translation>防御模式下每项配额乘以此值</translation>
    </message>
    <message>
        <source>an http:// or https:// URL; empty: no webhook</source>
        <translation>http:// 或 https:// URL；为空：无 webhook</translation>
    </message>
    <message>
        <source>at most one alert per event kind and user in this span</source>
        <translation>在此时段内，每种事件类型和每个用户最多一条告警</translation>
    </message>
    <message>
        <source>retries after a failed POST</source>
        <translation>POST 失败后的重试次数</translation>
    </message>
    <message>
        <source>per attempt</source>
        <translation>每次尝试</translation>
    </message>
    <message>
        <source>the address of a person listed without one, {user} their name: &quot;{user}@example.org&quot;; empty: e-mail only to the addresses listed</source>
        <translation>未列出地址的人员所用的地址，{user} 为其名称：&quot;{user}@example.org&quot;；为空：仅向列出的地址发送电子邮件</translation>
    </message>
    <message>
        <source>an absolute path: more people, one [NAME] table each with the keys of [contacts.NAME]; read again when it changes</source>
        <translation>绝对路径：更多人员，每人一个 [NAME] 表，键与 [contacts.NAME] 相同；文件更改时重新读取</translation>
    </message>
    <message>
        <source>the sendmail program mail is handed to (sendmail -t -oi)</source>
        <translation>接收邮件的 sendmail 程序（sendmail -t -oi）</translation>
    </message>
    <message>
        <source>&quot;smtp://host:port&quot;: mail through this relay instead of sendmail</source>
        <translation>&quot;smtp://host:port&quot;：通过此中继发送邮件，而不是 sendmail</translation>
    </message>
    <message>
        <source>the sender&apos;s address; empty: gpuwarden-agent@ the server&apos;s name</source>
        <translation>发件人地址；为空：gpuwarden-agent@ 加服务器名称</translation>
    </message>
    <message>
        <source>an http:// or https:// URL: the Matrix server the notices are sent through</source>
        <translation>http:// 或 https:// URL：用于发送通知的 Matrix 服务器</translation>
    </message>
    <message>
        <source>an absolute path: the file holding the Matrix account&apos;s access token</source>
        <translation>绝对路径：保存 Matrix 账户访问令牌的文件</translation>
    </message>
    <message>
        <source>write each notice to the owner&apos;s terminals on the server, as write(1) does (never to a terminal closed with mesg n)</source>
        <translation>将每条通知写入所有者在服务器上的终端，与 write(1) 相同（绝不写入已用 mesg n 关闭的终端）</translation>
    </message>
    <message>
        <source>an absolute path: the utmp file that says who is logged in where</source>
        <translation>绝对路径：记录谁在何处登录的 utmp 文件</translation>
    </message>
    <message>
        <source>the notices&apos; language when neither the person nor the process says (&quot;en&quot;, &quot;de&quot;, &quot;zh&quot;)</source>
        <translation>人员和进程均未指定时通知使用的语言（&quot;en&quot;、&quot;de&quot;、&quot;zh&quot;）</translation>
    </message>
    <message>
        <source>an absolute path: a folder of &lt;kind&gt;.txt and &lt;kind&gt;.&lt;language&gt;.txt that word the notices instead of the built-in text</source>
        <translation>绝对路径：包含 &lt;kind&gt;.txt 和 &lt;kind&gt;.&lt;language&gt;.txt 的文件夹，用于替代内置文本撰写通知</translation>
    </message>
    <message>
        <source>[contacts.NAME]: email, matrix (a room id), slack, mattermost, ntfy (URLs), language, terminals, opt_out</source>
        <translation>[contacts.NAME]：email、matrix（房间 ID）、slack、mattermost、ntfy（URL）、language、terminals、opt_out</translation>
    </message>
    <message>
        <source>weight of the free-memory fraction in a GPU&apos;s score</source>
        <translation>GPU 评分中空闲显存比例的权重</translation>
    </message>
    <message>
        <source>weight of the idle fraction (1 − utilisation); not both 0</source>
        <translation>空闲比例（1 − 利用率）的权重；不能两者都为 0</translation>
    </message>
    <message>
        <source>how long a reservation holds when the caller names none</source>
        <translation>调用方未指定时预留的保持时长</translation>
    </message>
    <message>
        <source>the longest a caller may wait for GPUs</source>
        <translation>调用方等待 GPU 的最长时间</translation>
    </message>
    <message>
        <source>granted when a user is first seen or listed</source>
        <translation>首次发现或列出用户时授予</translation>
    </message>
    <message>
        <source>added on the 1st of each month at 00:00 in time_zone</source>
        <translation>每月 1 日 00:00（time_zone 时区）增加</translation>
    </message>
    <message>
        <source>at or below this balance a user&apos;s processes are candidates at any demand</source>
        <translation>余额等于或低于此值时，无论需求如何，该用户的进程都是候选对象</translation>
    </message>
    <message>
        <source>added each day at 00:00 in time_zone …</source>
        <translation>每天 00:00（time_zone 时区）增加……</translation>
    </message>
    <message>
        <source>… while the balance is below zero, or always</source>
        <translation>……在余额低于零时，或始终</translation>
    </message>
    <message>
        <source>while negative</source>
        <translation>为负时</translation>
    </message>
    <message>
        <source>always</source>
        <translation>始终</translation>
    </message>
    <message>
        <source>every second memory is held, weighted by utilisation, or the energy used</source>
        <translation>按显存占用的每一秒、按利用率加权，或按所用能耗</translation>
    </message>
    <message>
        <source>memory held</source>
        <translation>按占用显存</translation>
    </message>
    <message>
        <source>weighted by use</source>
        <translation>按使用加权</translation>
    </message>
    <message>
        <source>energy used</source>
        <translation>按所用能耗</translation>
    </message>
    <message>
        <source>under charge = &quot;energy&quot;: tokens per kWh, in place of the GPU-hour prices</source>
        <translation>charge = &quot;energy&quot; 时：每 kWh 的代币数，替代 GPU 小时价格</translation>
    </message>
    <message>
        <source>the price of a GPU that no pattern matches</source>
        <translation>没有模式匹配的 GPU 的价格</translation>
    </message>
    <message>
        <source>IANA name for month and day boundaries; absent: this machine&apos;s</source>
        <translation>月和日边界的 IANA 时区名称；未设置：使用本机时区</translation>
    </message>
    <message>
        <source>users granted initial from the start of the books</source>
        <translation>自账本开始起获授 initial 的用户</translation>
    </message>
    <message>
        <source>&quot;PATTERN&quot; = PRICE for a GPU whose name contains PATTERN</source>
        <translation>&quot;PATTERN&quot; = PRICE：名称包含 PATTERN 的 GPU 的价格</translation>
    </message>
    <message>
        <source>enforcement by balance</source>
        <translation>按余额强制执行</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>propose</source>
        <translation>提议</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>high demand: every reading&apos;s mean GPU utilisation at least this …</source>
        <translation>高需求：每个读数的平均 GPU 利用率至少为此值……</translation>
    </message>
    <message>
        <source>… for this long without a gap</source>
        <translation>……且持续此时长无间断</translation>
    </message>
    <message>
        <source>a refused allocation is high demand for demand_for</source>
        <translation>被拒绝的分配在 demand_for 时长内视为高需求</translation>
    </message>
    <message>
        <source>notify → renice → terminate, each this long after the last</source>
        <translation>通知 → renice → 终止，每步距上一步此时长</translation>
    </message>
    <message>
        <source>SIGTERM → SIGKILL if it still runs</source>
        <translation>SIGTERM → 仍在运行则 SIGKILL</translation>
    </message>
    <message>
        <source>users never touched</source>
        <translation>永不处理的用户</translation>
    </message>
    <message>
        <source>process names never touched</source>
        <translation>永不处理的进程名称</translation>
    </message>
    <message>
        <source>every action recorded as &quot;would&quot;, nothing done</source>
        <translation>每项操作记录为“would”，不执行任何操作</translation>
    </message>
    <message>
        <source>what a kWh costs, for the report&apos;s cost; absent: no cost</source>
        <translation>每 kWh 的费用，用于报告中的成本；未设置：无成本</translation>
    </message>
    <message>
        <source>the price&apos;s currency as the report writes it (&quot;EUR&quot;, &quot;€&quot;)</source>
        <translation>报告中书写的价格货币（&quot;EUR&quot;、&quot;€&quot;）</translation>
    </message>
    <message>
        <source>the grid&apos;s CO2 per kWh, for the report&apos;s emissions; absent: none</source>
        <translation>电网每 kWh 的 CO2 排放，用于报告中的排放量；未设置：无</translation>
    </message>
    <message>
        <source>Owners: who a process belongs to</source>
        <translation>所有者：进程属于谁</translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s label naming its person; &quot;&quot;: none</source>
        <translation>容器或 pod 中指明其人员的标签；&quot;&quot;：无</translation>
    </message>
    <message>
        <source>Person label:</source>
        <translation>人员标签：</translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s label naming its account; &quot;&quot;: none</source>
        <translation>容器或 pod 中指明其账户的标签；&quot;&quot;：无</translation>
    </message>
    <message>
        <source>Account label:</source>
        <translation>账户标签：</translation>
    </message>
    <message>
        <source>a Slurm job&apos;s user and account, as Slurm gives them</source>
        <translation>Slurm 作业的用户和账户，以 Slurm 提供的为准</translation>
    </message>
    <message>
        <source>A Slurm job is owned by its user and account</source>
        <translation>Slurm 作业归其用户和账户所有</translation>
    </message>
    <message>
        <source>NAMESPACE = { user = &quot;…&quot;, account = &quot;…&quot; }: a Kubernetes namespace&apos;s person and account</source>
        <translation>NAMESPACE = { user = &quot;…&quot;, account = &quot;…&quot; }：Kubernetes 命名空间的人员和账户</translation>
    </message>
    <message>
        <source>&quot;PATTERN&quot; = { user = &quot;…&quot;, account = &quot;…&quot; }: a container name matching PATTERN (* and ?); the longest pattern decides</source>
        <translation>&quot;PATTERN&quot; = { user = &quot;…&quot;, account = &quot;…&quot; }：名称匹配 PATTERN（* 和 ?）的容器；最长的模式决定</translation>
    </message>
    <message>
        <source>Kubernetes namespaces whose processes no rule flags</source>
        <translation>任何规则都不标记其进程的 Kubernetes 命名空间</translation>
    </message>
    <message>
        <source>Exempt namespaces:</source>
        <translation>豁免的命名空间：</translation>
    </message>
    <message>
        <source>a container&apos;s or pod&apos;s labels, &quot;key=value&quot; or &quot;key&quot; (any value), that no rule flags</source>
        <translation>任何规则都不标记的容器或 pod 标签，&quot;key=value&quot; 或 &quot;key&quot;（任意值）</translation>
    </message>
    <message>
        <source>Exempt labels:</source>
        <translation>豁免的标签：</translation>
    </message>
    <message>
        <source>accounts whose processes no rule flags</source>
        <translation>任何规则都不标记其进程的账户</translation>
    </message>
    <message>
        <source>Exempt accounts:</source>
        <translation>豁免的账户：</translation>
    </message>
    <message>
        <source>Slurm job ids whose processes no rule flags</source>
        <translation>任何规则都不标记其进程的 Slurm 作业 ID</translation>
    </message>
    <message>
        <source>Exempt Slurm jobs:</source>
        <translation>豁免的 Slurm 作业：</translation>
    </message>
</context>
<context>
    <name>gw::PriceEditorDialog</name>
    <message>
        <source>Adopt these prices</source>
        <translation>采用这些价格</translation>
    </message>
    <message>
        <source>Token prices</source>
        <translation>代币价格</translation>
    </message>
    <message>
        <source>Tokens per GPU-hour by GPU model: the longest pattern found in a GPU&apos;s name decides (case ignored); a GPU no pattern matches costs the default price. Every change is replayed over the same usage (%1 to %2) before it is adopted.</source>
        <translation>按 GPU 型号设定的每 GPU 小时代币数：GPU 名称中匹配到的最长模式决定价格（不区分大小写）；没有模式匹配的 GPU 按默认价格计费。每次更改在采用前都会在同一段使用记录（%1 至 %2）上回放。</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Tokens per GPU-hour</source>
        <translation>每 GPU 小时代币数</translation>
    </message>
    <message>
        <source>GPU models seen it prices</source>
        <translation>该模式定价的已见 GPU 型号</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Default price (any other GPU):</source>
        <translation>默认价格（其他任何 GPU）：</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Balance now</source>
        <translation>当前余额</translation>
    </message>
    <message>
        <source>With these prices</source>
        <translation>按这些价格</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差额</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>回放结果</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>For policy.toml, in [tokens]</source>
        <translation>用于 policy.toml 的 [tokens] 中</translation>
    </message>
    <message>
        <source>Hands the edited prices to the policy; nothing changes before</source>
        <translation>将编辑后的价格交给策略；在此之前不会有任何更改</translation>
    </message>
    <message>
        <source>Not replayed: the prices have an error.</source>
        <translation>未回放：价格有错误。</translation>
    </message>
    <message>
        <source>none seen</source>
        <translation>未见到</translation>
    </message>
    <message>
        <source>Every GPU model seen has a pattern.</source>
        <translation>每个已见 GPU 型号都有对应的模式。</translation>
    </message>
    <message>
        <source>At the default price: %1.</source>
        <translation>按默认价格：%1。</translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation>正在回放…</translation>
    </message>
    <message>
        <source>%1 usage facts replayed under both prices in %2 ms.</source>
        <translation>已在两种价格下回放 %1 条使用记录，用时 %2 ms。</translation>
    </message>
    <message numerus="yes">
        <source>All users: %1 now, %2 with these prices (%3); %4 of %n users change.</source>
        <translation>
            <numerusform>所有用户：当前 %1，按这些价格 %2（%3）；%n 个用户中有 %4 个发生变化。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is empty: write tokens per GPU-hour, 0 or more</source>
        <translation>%1 为空：请写每 GPU 小时的代币数（0 或以上）</translation>
    </message>
    <message>
        <source>%1 must be a number, not &quot;%2&quot;</source>
        <translation>%1 必须是数字，而不是 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 must be a finite number, not %2</source>
        <translation>%1 必须是有限数，而不是 %2</translation>
    </message>
    <message>
        <source>%1 must be 0 or more tokens per GPU-hour, not %2</source>
        <translation>%1 必须是每 GPU 小时 0 或以上代币，而不是 %2</translation>
    </message>
    <message>
        <source>&quot;default_price&quot;</source>
        <translation>&quot;default_price&quot;</translation>
    </message>
    <message>
        <source>row %1: the pattern is empty: write a part of the GPU&apos;s name, such as &quot;RTX 3090&quot;</source>
        <translation>第 %1 行：模式为空：请写 GPU 名称的一部分，例如 &quot;RTX 3090&quot;</translation>
    </message>
    <message>
        <source>row %1: price &quot;%2&quot; repeats &quot;%3&quot; (row %4); patterns are matched ignoring case</source>
        <translation>第 %1 行：价格 &quot;%2&quot; 与 &quot;%3&quot;（第 %4 行）重复；模式匹配不区分大小写</translation>
    </message>
    <message>
        <source>row %1: the price of &quot;%2&quot;</source>
        <translation>第 %1 行：&quot;%2&quot; 的价格</translation>
    </message>
    <message>
        <source>Prices per GPU model</source>
        <translation>各 GPU 型号的价格</translation>
    </message>
    <message>
        <source>Balances under these prices</source>
        <translation>按这些价格计算的余额</translation>
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
        <translation>显存</translation>
    </message>
    <message>
        <source>SM %</source>
        <translation>SM %</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行时间</translation>
    </message>
    <message>
        <source>The driver reports pid %1 on this GPU, but /proc does not show it: it runs in another PID namespace (a container) or has just exited.</source>
        <translation>驱动程序报告此 GPU 上有 pid %1，但 /proc 中没有它：它运行在另一个 PID 命名空间（容器）中，或刚刚退出。</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>所有者</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
</context>
<context>
    <name>gw::ProcessPane</name>
    <message>
        <source>%1: these processes may have ended since.</source>
        <translation>%1：这些进程此后可能已结束。</translation>
    </message>
    <message>
        <source>Filter: text, or user:, account:, namespace:, job: (e.g. account:vision)</source>
        <translation>筛选：文本，或 user:、account:、namespace:、job:（例如 account:vision）</translation>
    </message>
    <message>
        <source>Words match any column; user:NAME (the owner or the host user), account:NAME, namespace:NAME and job:ID match that field exactly.</source>
        <translation>普通词匹配任意列；user:NAME（所有者或主机用户）、account:NAME、namespace:NAME 和 job:ID 精确匹配相应字段。</translation>
    </message>
    <message>
        <source>Filter processes</source>
        <translation>筛选进程</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
</context>
<context>
    <name>gw::PromUsage</name>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <source>expected a slice count from 0 to 64, got &quot;%1&quot;</source>
        <translation>应为 0 到 64 之间的切片数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected [time, &quot;value&quot;], got %1</source>
        <translation>应为 [time, &quot;value&quot;]，实际为 %1</translation>
    </message>
    <message>
        <source>expected a finite number &gt;= 0, got &quot;%1&quot;</source>
        <translation>应为 &gt;= 0 的有限数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>not JSON: %1 at byte %2</source>
        <translation>不是 JSON：第 %2 字节处 %1</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>status: expected &quot;success&quot;</source>
        <translation>status：应为 &quot;success&quot;</translation>
    </message>
    <message>
        <source>Prometheus answered: %1</source>
        <translation>Prometheus 应答：%1</translation>
    </message>
    <message>
        <source>data.resultType: expected &quot;vector&quot;</source>
        <translation>data.resultType：应为 &quot;vector&quot;</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>应为数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>应为对象，实际为 %1</translation>
    </message>
    <message>
        <source>unexpected &quot;%1&quot;</source>
        <translation>意外的 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected &quot;held&quot; or &quot;used&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;held&quot; 或 &quot;used&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the Prometheus cursor is not {&quot;absorbed&quot;: {…}}</source>
        <translation>Prometheus 游标不是 {&quot;absorbed&quot;: {…}}</translation>
    </message>
    <message>
        <source>expected a number &gt;= 0, got %1</source>
        <translation>应为 &gt;= 0 的数字，实际为 %1</translation>
    </message>
    <message>
        <source>%1: the usage counter of %2 on %3 went down from %4 to %5 (its books were reset); taking %5</source>
        <translation>%1：%3 上 %2 的用量计数器从 %4 降至 %5（其账本已重置）；采用 %5</translation>
    </message>
</context>
<context>
    <name>gw::PrometheusApi</name>
    <message>
        <source>the reply is larger than %1 MiB; refused (ask for a shorter range or one host)</source>
        <translation>应答大于 %1 MiB；已拒绝（请查询更短的范围或单个主机）</translation>
    </message>
    <message>
        <source>no complete reply within %1 s</source>
        <translation>%1 s 内未收到完整应答</translation>
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
        <translation>应答中断（%1）</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>偏移 %1 处的 JSON 格式错误：%2</translation>
    </message>
    <message>
        <source>unexpected reply: not a JSON object</source>
        <translation>意外的应答：不是 JSON 对象</translation>
    </message>
    <message>
        <source>unexpected reply: status is not &quot;success&quot;</source>
        <translation>意外的应答：status 不是 &quot;success&quot;</translation>
    </message>
    <message>
        <source>unexpected reply: no data</source>
        <translation>意外的应答：没有 data</translation>
    </message>
</context>
<context>
    <name>gw::PrometheusProducer</name>
    <message>
        <source>unexpected reply: %1</source>
        <translation>意外的应答：%1</translation>
    </message>
    <message>
        <source>Prometheus at %1 not reachable: %2</source>
        <translation>无法访问位于 %1 的 Prometheus：%2</translation>
    </message>
    <message>
        <source>Prometheus at %1 cannot be queried: %2</source>
        <translation>无法查询位于 %1 的 Prometheus：%2</translation>
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
        <translation>%1（位于 %2）：%3，%4</translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series)</source>
        <translation>（没有 DCGM_FI_DEV_* 或 gpuwarden_* 序列）</translation>
    </message>
    <message>
        <source> (no DCGM_FI_DEV_* or gpuwarden_* series for host %1)</source>
        <translation>（主机 %1 没有 DCGM_FI_DEV_* 或 gpuwarden_* 序列）</translation>
    </message>
    <message>
        <source>Prometheus: %1</source>
        <translation>Prometheus: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n servers</source>
        <translation>
            <numerusform>%n 台服务器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gw::ReadingStream</name>
    <message>
        <source>%1: %2 % of the time from %3 to %4 is gaps (no reading for more than 3 sampling intervals): what it shows covers little of that time</source>
        <translation>%1：从 %3 到 %4 的时间中有 %2 % 为数据缺口（超过 3 个采样间隔没有读数）：所示内容只覆盖了这段时间的一小部分</translation>
    </message>
    <message numerus="yes">
        <source>%1: its readings carry no sampling interval (interval_ms); inferred %2 from the spacing of its first %n readings</source>
        <translation>
            <numerusform>%1：其读数不带采样间隔（interval_ms）；根据前 %n 个读数的间隔推断为 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: one reading and no sampling interval (interval_ms): no interval to infer, it is taken as 1s</source>
        <translation>%1：仅有一个读数且无采样间隔（interval_ms）：无法推断间隔，按 1s 处理</translation>
    </message>
    <message>
        <source>--demo: give the range (--from, and --to, default now)</source>
        <translation>--demo：请指定范围（--from，以及 --to，默认为现在）</translation>
    </message>
    <message>
        <source>no readings to open</source>
        <translation>没有可打开的读数</translation>
    </message>
</context>
<context>
    <name>gw::ReadingsRoute</name>
    <message>
        <source>&quot;from&quot; is required (ms since the epoch)</source>
        <translation>必须提供 &quot;from&quot;（自纪元以来的 ms 数）</translation>
    </message>
    <message>
        <source>&quot;to&quot; is required (ms since the epoch)</source>
        <translation>必须提供 &quot;to&quot;（自纪元以来的 ms 数）</translation>
    </message>
    <message>
        <source>&quot;to&quot; must be after &quot;from&quot;</source>
        <translation>&quot;to&quot; 必须晚于 &quot;from&quot;</translation>
    </message>
    <message numerus="yes">
        <source>&quot;to&quot;: the range is longer than %n day(s)</source>
        <translation>
            <numerusform>&quot;to&quot;：范围超过 %n 天</numerusform>
        </translation>
    </message>
    <message>
        <source>this agent keeps no history (agent.toml has no &quot;history&quot;)</source>
        <translation>此代理不保留历史（agent.toml 中没有 &quot;history&quot;）</translation>
    </message>
</context>
<context>
    <name>gw::Recorder</name>
    <message>
        <source>record: --duration is required (such as 30s, 10m or 2h)</source>
        <translation>record：必须提供 --duration（例如 30s、10m 或 2h）</translation>
    </message>
    <message>
        <source>--duration: %1</source>
        <translation>--duration：%1</translation>
    </message>
    <message>
        <source>--duration: must be more than zero, got &quot;%1&quot;</source>
        <translation>--duration：必须大于零，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>record: --output FILE is required</source>
        <translation>record：必须提供 --output FILE</translation>
    </message>
    <message>
        <source>--interval-ms: expected 10..3600000, got &quot;%1&quot;</source>
        <translation>--interval-ms：应为 10..3600000，实际为 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>gw::ReplayRunner</name>
    <message>
        <source>No readings of this computer are recorded yet (%1 does not exist).</source>
        <translation>尚未记录本机的任何读数（%1 不存在）。</translation>
    </message>
    <message>
        <source>journal entry %1 skipped: %2</source>
        <translation>已跳过日志条目 %1：%2</translation>
    </message>
    <message>
        <source>The demo has made no readings in this range yet.</source>
        <translation>演示在此范围内尚未产生读数。</translation>
    </message>
</context>
<context>
    <name>gw::ReportBuilder</name>
    <message>
        <source>time zone %1 is unknown: the hours of the day are shown in UTC</source>
        <translation>时区 %1 未知：一天中的小时按 UTC 显示</translation>
    </message>
    <message>
        <source>%1: reading at %2 ms not after the last one (%3 ms): skipped</source>
        <translation>%1：%2 ms 处的读数不晚于上一个读数（%3 ms）：已跳过</translation>
    </message>
    <message>
        <source>MIG %1 on GPU %2</source>
        <translation>GPU %2 上的 MIG %1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 (PID %2, %3)</source>
        <translation>%1（PID %2，%3）</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>no user</source>
        <translation>无用户</translation>
    </message>
    <message>
        <source>%1&apos;s processes</source>
        <translation>%1 的进程</translation>
    </message>
    <message>
        <source>%1: %2 h at ≥ %3 % on %4</source>
        <translation>%1：在 %4 上以 ≥ %3 % 的利用率运行 %2 小时</translation>
    </message>
    <message>
        <source>(expected quota: %1 %)</source>
        <translation>（预期配额：%1 %）</translation>
    </message>
    <message>
        <source>Find who runs PID %1 on %2.</source>
        <translation>查明在 %2 上运行 PID %1 的用户。</translation>
    </message>
    <message>
        <source>Contact %1; if this is expected, raise their quota in [quota].</source>
        <translation>请联系 %1；如果这在预期之中，请在 [quota] 中提高其配额。</translation>
    </message>
    <message>
        <source>%1: %2 h holding idle GPUs (&lt; %3 %) on %4; GPUs held: %5</source>
        <translation>%1：在 %4 上空闲占用 GPU（&lt; %3 %）%2 小时；占用的 GPU：%5</translation>
    </message>
    <message>
        <source>Contact %1; it recurs (%2 idle events): set [idle] action = &quot;terminate&quot;%3 to free such GPUs.</source>
        <translation>请联系 %1；此情况反复出现（%2 个空闲事件）：设置 [idle] action = &quot;terminate&quot;%3 以释放此类 GPU。</translation>
    </message>
    <message>
        <source> and dry_run = false</source>
        <translation> 及 dry_run = false</translation>
    </message>
    <message>
        <source>Contact %1; ask them to free the GPUs they do not use.</source>
        <translation>请联系 %1；请其释放不使用的 GPU。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>If %1&apos;s use is expected, raise their share in [quota] users; else contact them.</source>
        <translation>如果 %1 的使用在预期之中，请在 [quota] users 中提高其份额；否则请联系该用户。</translation>
    </message>
    <message>
        <source>%1: balance %2 tokens at the end of the range, after %3 GPU-hours</source>
        <translation>%1：范围结束时余额为 %2 代币，已使用 %3 GPU 小时</translation>
    </message>
    <message>
        <source>Contact %1; grant them tokens if the use was expected.</source>
        <translation>请联系 %1；如果该使用在预期之中，请向其发放代币。</translation>
    </message>
    <message>
        <source>%1: not heard from for %2 h of %3 h (%4 %)</source>
        <translation>%1：%3 小时中有 %2 小时没有响应（%4 %）</translation>
    </message>
    <message>
        <source>Check gpuwarden-agent on %1: is it running, and can it be reached?</source>
        <translation>请检查 %1 上的 gpuwarden-agent：它是否在运行，能否访问？</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 around the clock</source>
        <translation>%1 的作业全天占用 %2</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every night %3</source>
        <translation>%1 的作业每晚 %3 占用 %2</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every evening %3</source>
        <translation>%1 的作业每天傍晚 %3 占用 %2</translation>
    </message>
    <message>
        <source>%1&apos;s jobs hold %2 every day %3</source>
        <translation>%1 的作业每天白天 %3 占用 %2</translation>
    </message>
    <message>
        <source>%1 held %2 around the clock (%3 h)</source>
        <translation>%1 全天占用 %2（%3 小时）</translation>
    </message>
    <message>
        <source>%1 held %2 %3</source>
        <translation>%1 在 %3 占用 %2</translation>
    </message>
    <message>
        <source>the process&apos;s user</source>
        <translation>该进程的用户</translation>
    </message>
    <message>
        <source>%1 % of %2</source>
        <translation>%2 的 %1 %</translation>
    </message>
    <message>
        <source> (%1 %2 %)</source>
        <translation>（%1 %2 %）</translation>
    </message>
    <message>
        <source>%1 more servers</source>
        <translation>另外 %1 台服务器</translation>
    </message>
    <message>
        <source>%1: %2; %3 % of the fleet&apos;s GPU-hours</source>
        <translation>%1：%2；占服务器群 GPU 小时的 %3 %</translation>
    </message>
    <message>
        <source>quota</source>
        <translation>配额</translation>
    </message>
    <message>
        <source>; over quota on a server for %1 h</source>
        <translation>；在某台服务器上超出配额 %1 小时</translation>
    </message>
    <message>
        <source>account %1: %2; %3 % of the fleet&apos;s GPU-hours</source>
        <translation>账户 %1：%2；占服务器群 GPU 小时的 %3 %</translation>
    </message>
    <message>
        <source>share</source>
        <translation>份额</translation>
    </message>
    <message>
        <source>If account %1&apos;s use is expected, raise its share in [accounts.%1]; else contact its members (%2).</source>
        <translation>如果账户 %1 的使用在预期之中，请在 [accounts.%1] 中提高其份额；否则请联系其成员（%2）。</translation>
    </message>
</context>
<context>
    <name>gw::ReportChartProvider</name>
    <message>
        <source>The report has no utilisation for %1 on %2.</source>
        <translation>报告中没有 %2 上 %1 的利用率。</translation>
    </message>
</context>
<context>
    <name>gw::ReportDialog</name>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>The servers the report covers</source>
        <translation>报告涵盖的服务器</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>最近 24 小时</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>自定义范围</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>范围(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>从(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>到(&amp;T)：</translation>
    </message>
    <message>
        <source>Time zone:</source>
        <translation>时区：</translation>
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
        <translation>纸张(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Build report</source>
        <translation>生成报告(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Choose the servers and the range, then build the report.</source>
        <translation>选择服务器和范围，然后生成报告。</translation>
    </message>
    <message>
        <source>Save &amp;CSV…</source>
        <translation>保存 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Save P&amp;DF…</source>
        <translation>保存 PDF(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Print preview…</source>
        <translation>打印预览(&amp;P)…</translation>
    </message>
    <message>
        <source>%1 (UTC%2%3:%4 now); the times above are in this zone</source>
        <translation>%1（当前为 UTC%2%3:%4）；以上时间均采用此时区</translation>
    </message>
    <message>
        <source>Choose at least one server.</source>
        <translation>请至少选择一台服务器。</translation>
    </message>
    <message>
        <source>The range is empty: &quot;To&quot; must be after &quot;From&quot;.</source>
        <translation>范围为空：“到”必须晚于“从”。</translation>
    </message>
    <message>
        <source>No history to build a report from: this window keeps none (see the --history option).</source>
        <translation>没有可用于生成报告的历史：此窗口不保存历史（参见 --history 选项）。</translation>
    </message>
    <message>
        <source>The report could not be built: %1</source>
        <translation>无法生成报告：%1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Reading the record…</source>
        <translation>正在读取记录…</translation>
    </message>
    <message>
        <source>%1 – %2 (%3), %4 h</source>
        <translation>%1 – %2（%3），%4 小时</translation>
    </message>
    <message numerus="yes">
        <source>%n server(s) heard from for %1 % of the range; %2 GPU-hours watched; %3 user(s).</source>
        <translation>
            <numerusform>%n 台服务器在范围内 %1 % 的时间有响应；监视的 GPU 小时：%2；%3 个用户。</numerusform>
        </translation>
    </message>
    <message>
        <source>no</source>
        <translation>无</translation>
    </message>
    <message>
        <source>No readings of the chosen servers in this range: nothing to report, and nothing counted as zero use.</source>
        <translation>所选服务器在此范围内没有读数：没有可报告的内容，也不会将任何使用计为零。</translation>
    </message>
    <message numerus="yes">
        <source>%1: not heard from for %2 (%n gap(s)).</source>
        <translation>
            <numerusform>%1：%2 没有响应（%n 个缺口）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Users</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时数</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>份额</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>配额</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>余额</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more user(s).</source>
        <translation>
            <numerusform>… 以及另外 %n 个用户。</numerusform>
        </translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Time patterns</source>
        <translation>时间规律</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s); they are listed in the CSV and the PDF.</source>
        <translation>
            <numerusform>%n 个警告；已在 CSV 和 PDF 中列出。</numerusform>
        </translation>
    </message>
    <message>
        <source>Build the report first.</source>
        <translation>请先生成报告。</translation>
    </message>
    <message>
        <source>Print preview: report</source>
        <translation>打印预览：报告</translation>
    </message>
    <message>
        <source>Save report as CSV</source>
        <translation>将报告另存为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Save report as PDF</source>
        <translation>将报告另存为 PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message numerus="yes">
        <source>Reading the record… %L1 readings</source>
        <translation>
            <numerusform>正在读取记录… %L1 个读数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Built from %L1 readings.</source>
        <translation>
            <numerusform>基于 %L1 个读数生成。</numerusform>
        </translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
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
        <translation>%1：覆盖 %2 %</translation>
    </message>
    <message>
        <source>%1, gaps %2</source>
        <translation>%1，缺口 %2</translation>
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
        <translation>GPU 使用报告</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>时区</translation>
    </message>
    <message>
        <source>Generated at</source>
        <translation>生成时间</translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>busy at ≥ %1 % utilisation, held idle below %2 %</source>
        <translation>利用率 ≥ %1 % 为忙碌，低于 %2 % 为空闲占用</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>no readings</source>
        <translation>无读数</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Fleet GPU-hours</source>
        <translation>服务器群 GPU 小时数</translation>
    </message>
    <message>
        <source>%1 h (covered hours of whole GPUs)</source>
        <translation>%1 小时（整块 GPU 的覆盖小时数）</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 h (%2 % of the fleet&apos;s GPU-hours)</source>
        <translation>%1 小时（占服务器群 GPU 小时的 %2 %）</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>Held idle</source>
        <translation>空闲占用</translation>
    </message>
    <message>
        <source>%1: %2 GPU-h (%3 %)</source>
        <translation>%1：%2 GPU 小时（%3 %）</translation>
    </message>
    <message>
        <source>%1: %2 GPU-h</source>
        <translation>%1：%2 GPU 小时</translation>
    </message>
    <message>
        <source>Top users</source>
        <translation>主要用户</translation>
    </message>
    <message>
        <source>no GPU use</source>
        <translation>无 GPU 使用</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>The report holds no findings.</source>
        <translation>报告中没有发现。</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Time patterns</source>
        <translation>时间规律</translation>
    </message>
    <message>
        <source>The report holds no time patterns.</source>
        <translation>报告中没有时间规律。</translation>
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
        <translation>%1 — GPU 利用率</translation>
    </message>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>The report holds no utilisation series to chart.</source>
        <translation>报告中没有可绘制图表的利用率序列。</translation>
    </message>
    <message>
        <source>Share of the fleet (%)</source>
        <translation>服务器群份额（%）</translation>
    </message>
    <message>
        <source>Quota (%)</source>
        <translation>配额（%）</translation>
    </message>
    <message>
        <source>Share against quota, top %1 of %2 users by GPU-hours</source>
        <translation>份额与配额对比，按 GPU 小时排名前 %1 位的用户（共 %2 位）</translation>
    </message>
    <message>
        <source>Share against quota</source>
        <translation>份额与配额对比</translation>
    </message>
    <message>
        <source>% of the fleet&apos;s GPU-hours</source>
        <translation>占服务器群 GPU 小时的 %</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Balance (tokens)</source>
        <translation>余额（代币）</translation>
    </message>
    <message>
        <source>Token balances at the end, lowest %1 of %2 users</source>
        <translation>范围结束时的代币余额，最低的 %1 位用户（共 %2 位）</translation>
    </message>
    <message>
        <source>Token balances at the end of the range</source>
        <translation>范围结束时的代币余额</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>代币</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Covered (h)</source>
        <translation>覆盖（小时）</translation>
    </message>
    <message>
        <source>Covered (%)</source>
        <translation>覆盖（%）</translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation>缺口</translation>
    </message>
    <message>
        <source>Gaps (%1)</source>
        <translation>缺口（%1）</translation>
    </message>
    <message>
        <source>GPUs and MIG instances</source>
        <translation>GPU 和 MIG 实例</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <source>Util. mean (%)</source>
        <translation>利用率均值（%）</translation>
    </message>
    <message>
        <source>Util. peak (%)</source>
        <translation>利用率峰值（%）</translation>
    </message>
    <message>
        <source>Mem. mean (GiB)</source>
        <translation>显存均值（GiB）</translation>
    </message>
    <message>
        <source>Mem. peak (GiB)</source>
        <translation>显存峰值（GiB）</translation>
    </message>
    <message>
        <source>Temp. mean (°C)</source>
        <translation>温度均值（°C）</translation>
    </message>
    <message>
        <source>Temp. peak (°C)</source>
        <translation>温度峰值（°C）</translation>
    </message>
    <message>
        <source>Power mean (W)</source>
        <translation>功耗均值（W）</translation>
    </message>
    <message>
        <source>Power peak (W)</source>
        <translation>功耗峰值（W）</translation>
    </message>
    <message>
        <source>Energy (kWh)</source>
        <translation>能耗（kWh）</translation>
    </message>
    <message>
        <source>Busy (h)</source>
        <translation>忙碌（小时）</translation>
    </message>
    <message>
        <source>Held idle (h)</source>
        <translation>空闲占用（小时）</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>GPU-hours (h)</source>
        <translation>GPU 小时数（小时）</translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation>份额（%）</translation>
    </message>
    <message>
        <source>Over quota (h)</source>
        <translation>超出配额（小时）</translation>
    </message>
    <message>
        <source>Hog events</source>
        <translation>独占事件</translation>
    </message>
    <message>
        <source>Idle events</source>
        <translation>空闲事件</translation>
    </message>
    <message>
        <source>Tokens charged</source>
        <translation>扣除的代币</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>无。</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Cannot start painting the report&apos;s pages.</source>
        <translation>无法开始绘制报告页面。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>The report&apos;s PDF could not be made.</source>
        <translation>无法生成报告的 PDF。</translation>
    </message>
    <message>
        <source>%1 kWh</source>
        <translation>%1 kWh</translation>
    </message>
    <message>
        <source>%1 % estimated</source>
        <translation>%1 % 为估算值</translation>
    </message>
    <message>
        <source>cost %1 %2</source>
        <translation>费用 %1 %2</translation>
    </message>
    <message>
        <source>%1 kg CO₂</source>
        <translation>%1 kg CO₂</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation>无人</translation>
    </message>
    <message>
        <source>idle, unowned</source>
        <translation>空闲，无所有者</translation>
    </message>
    <message>
        <source>not attributed (gaps, no user)</source>
        <translation>未归属（缺口，无用户）</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>no account</source>
        <translation>无账户</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>费用（%1）</translation>
    </message>
    <message>
        <source>Of</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Estimated (%)</source>
        <translation>估算（%）</translation>
    </message>
    <message>
        <source>CO₂ (kg)</source>
        <translation>CO₂（kg）</translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation>GPU 健康</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>最差状态</translation>
    </message>
    <message>
        <source>Degraded (h)</source>
        <translation>降级（小时）</translation>
    </message>
    <message>
        <source>Failing (h)</source>
        <translation>故障（小时）</translation>
    </message>
    <message>
        <source>XIDs</source>
        <translation>XID 数</translation>
    </message>
    <message>
        <source>XID codes</source>
        <translation>XID 代码</translation>
    </message>
    <message>
        <source>Reasons (last)</source>
        <translation>原因（最近）</translation>
    </message>
</context>
<context>
    <name>gw::ReservationsView</name>
    <message numerus="yes">
        <source>Reserved for %1 since %2 until %3 (%n GPUs: %4)</source>
        <translation>
            <numerusform>自 %2 起为 %1 预留，至 %3 止（%n 个 GPU：%4）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 since %2</source>
        <translation>%1，自 %2 起</translation>
    </message>
    <message numerus="yes">
        <source>%n jobs waiting for GPUs (%1)</source>
        <translation>
            <numerusform>%n 个作业正在等待 GPU（%1）</numerusform>
        </translation>
    </message>
    <message>
        <source>as of %1 ago: %2</source>
        <translation>截至 %1 前：%2</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已预留</translation>
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
        <translation>%1 在 %2 上的运行：%3 s，退出码 %4%5
</translation>
    </message>
    <message>
        <source> (signal %1)</source>
        <translation>（信号 %1）</translation>
    </message>
    <message>
        <source>GPU %1 %2, %3 readings (min / mean / max): utilisation %4, memory %5, memory %6, temperature %7, power %8
</source>
        <translation>GPU %1 %2，%3 个读数（最小 / 平均 / 最大）：利用率 %4，显存 %5，显存 %6，温度 %7，功耗 %8
</translation>
    </message>
</context>
<context>
    <name>gw::SamplerRegistry</name>
    <message>
        <source>Using %1.</source>
        <translation>使用 %1。</translation>
    </message>
    <message>
        <source>Skipped %1.</source>
        <translation>已跳过 %1。</translation>
    </message>
    <message>
        <source>no such backend (known: %1)</source>
        <translation>无此后端（已知：%1）</translation>
    </message>
    <message>
        <source>Host only, as asked: GPU backends not tried.</source>
        <translation>按要求仅监视主机：未尝试 GPU 后端。</translation>
    </message>
    <message>
        <source>No GPU found; showing the host only. %1.</source>
        <translation>未找到 GPU；仅显示主机。%1。</translation>
    </message>
</context>
<context>
    <name>gw::SecretStore</name>
    <message>
        <source>no details given</source>
        <translation>未提供详细信息</translation>
    </message>
    <message>
        <source>The keychain did not answer within %1 s (a stuck Secret Service, or a keyring waiting to be unlocked)</source>
        <translation>钥匙串在 %1 s 内没有应答（Secret Service 卡住，或密钥环正在等待解锁）</translation>
    </message>
    <message>
        <source>No Secret Service on the session bus (is gnome-keyring or KWallet running?)</source>
        <translation>会话总线上没有 Secret Service（gnome-keyring 或 KWallet 是否在运行？）</translation>
    </message>
    <message>
        <source>The keychain refused access (is the keyring locked? Unlock it, for example with gnome-keyring-daemon --unlock)</source>
        <translation>钥匙串拒绝访问（密钥环是否已锁定？请解锁，例如使用 gnome-keyring-daemon --unlock）</translation>
    </message>
    <message>
        <source>libsecret is not installed (Debian: libsecret-1-0), so the Secret Service cannot be reached</source>
        <translation>未安装 libsecret（Debian：libsecret-1-0），因此无法连接 Secret Service</translation>
    </message>
    <message>
        <source>The keychain failed</source>
        <translation>钥匙串出错</translation>
    </message>
</context>
<context>
    <name>gw::ServerChoiceModel</name>
    <message>
        <source>no reading yet</source>
        <translation>尚无读数</translation>
    </message>
    <message>
        <source>best: CUDA_VISIBLE_DEVICES=%1</source>
        <translation>最佳：CUDA_VISIBLE_DEVICES=%1</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>满足</translation>
    </message>
    <message>
        <source>not enough: %1 of %2 asked qualify</source>
        <translation>不足：所需 %2 个中只有 %1 个符合条件</translation>
    </message>
    <message>
        <source>%1 of %2 idle</source>
        <translation>%2 个中 %1 个空闲</translation>
    </message>
    <message>
        <source>Idle: under 30 % utilisation and under 50 % of memory used. A server with enough idle GPUs ranks first, then by its idle count.</source>
        <translation>空闲：利用率低于 30 % 且已用显存低于 50 %。空闲 GPU 足够的服务器排在最前，其余按空闲 GPU 数排序。</translation>
    </message>
    <message>
        <source>Units that meet the request (free memory, utilisation, MIG, not reserved), scored as the agent scores them.</source>
        <translation>满足请求的单元（可用显存、利用率、MIG、未预留），按代理的评分方式评分。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Idle GPUs</source>
        <translation>空闲 GPU</translation>
    </message>
    <message>
        <source>Qualify</source>
        <translation>符合条件</translation>
    </message>
    <message>
        <source>Choice</source>
        <translation>选择</translation>
    </message>
</context>
<context>
    <name>gw::ServerEditDialog</name>
    <message>
        <source>Edit Server</source>
        <translation>编辑服务器</translation>
    </message>
    <message>
        <source>Add Server</source>
        <translation>添加服务器</translation>
    </message>
    <message>
        <source>unchanged (stored in the keychain if set)</source>
        <translation>不变（如已设置，则保存在钥匙串中）</translation>
    </message>
    <message>
        <source>none; the system&apos;s certificate authorities decide</source>
        <translation>无；由系统的证书颁发机构决定</translation>
    </message>
    <message>
        <source>Forget Token</source>
        <translation>忘记访问令牌</translation>
    </message>
    <message>
        <source>removed when you press OK</source>
        <translation>按“确定”后移除</translation>
    </message>
    <message>
        <source>Forget Pin</source>
        <translation>忘记固定证书</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>URL(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>类型(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>访问令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>Pinned certificate:</source>
        <translation>固定证书：</translation>
    </message>
    <message>
        <source>unchanged (kept for this session only)</source>
        <translation>不变（仅在本次会话中保留）</translation>
    </message>
    <message>
        <source>the token the agent printed or its admin chose</source>
        <translation>代理打印的或其管理员选定的访问令牌</translation>
    </message>
    <message>
        <source>The bearer token the agent&apos;s admin chose for you, or the one gpuwarden-agent printed (&quot;token for this run&quot; with --demo). agent.toml keeps only its SHA-256, so the token cannot be read from there.
Kept in the system keychain, never in a settings file.</source>
        <translation>代理管理员为您选定的持有者访问令牌，或 gpuwarden-agent 打印的访问令牌（使用 --demo 时为 &quot;token for this run&quot;）。agent.toml 只保存其 SHA-256，因此无法从中读取访问令牌。
保存在系统钥匙串中，绝不写入设置文件。</translation>
    </message>
</context>
<context>
    <name>gw::ServerList</name>
    <message>
        <source>Give the server a name.</source>
        <translation>请为服务器命名。</translation>
    </message>
    <message>
        <source>The name must not start or end with spaces.</source>
        <translation>名称的开头和结尾不能有空格。</translation>
    </message>
    <message>
        <source>Enter a valid http:// or https:// URL.</source>
        <translation>请输入有效的 http:// 或 https:// URL。</translation>
    </message>
    <message>
        <source>Another server is already called &quot;%1&quot;.</source>
        <translation>已有另一台服务器名为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; already uses this URL.</source>
        <translation>&quot;%1&quot; 已在使用此 URL。</translation>
    </message>
    <message>
        <source>%1: no valid URL; edit the server.</source>
        <translation>%1：没有有效的 URL；请编辑该服务器。</translation>
    </message>
    <message>
        <source>%1: the token could not be read from the keychain: %2</source>
        <translation>%1：无法从密钥链读取访问令牌：%2</translation>
    </message>
    <message>
        <source>The keychain could not store the token: %1. It is used for this session only and will not be remembered after GPU Warden quits.</source>
        <translation>密钥链无法存储访问令牌：%1。该访问令牌仅用于本次会话，GPU Warden 退出后不会保留。</translation>
    </message>
    <message>
        <source>%1: the token is used for this session only; it will not be remembered after GPU Warden quits (the keychain could not store it).</source>
        <translation>%1：访问令牌仅用于本次会话；GPU Warden 退出后不会保留（密钥链无法存储它）。</translation>
    </message>
    <message>
        <source>A server without a name</source>
        <translation>未命名的服务器</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>GPU Warden agent</source>
        <translation>GPU Warden 代理</translation>
    </message>
    <message>
        <source>the token is longer than %1 bytes</source>
        <translation>访问令牌长度超过 %1 字节</translation>
    </message>
    <message>
        <source>the token contains spaces or control characters (one token, one line)</source>
        <translation>访问令牌包含空格或控制字符（一个访问令牌，一行）</translation>
    </message>
    <message>
        <source>Enter the server&apos;s URL, such as https://gpu-01.example.org:9807.</source>
        <translation>请输入服务器的 URL，例如 https://gpu-01.example.org:9807。</translation>
    </message>
    <message>
        <source>The URL must start with http:// or https:// (for example https://gpu-01.example.org:9807).</source>
        <translation>URL 必须以 http:// 或 https:// 开头（例如 https://gpu-01.example.org:9807）。</translation>
    </message>
    <message>
        <source>The URL has no host name.</source>
        <translation>URL 中没有主机名。</translation>
    </message>
    <message>
        <source>Leave user names, passwords, queries and fragments out of the URL; the token has a field of its own.</source>
        <translation>URL 中不要包含用户名、密码、查询和片段；访问令牌有单独的字段。</translation>
    </message>
</context>
<context>
    <name>gw::ServerTree</name>
    <message>
        <source>Edit Server…</source>
        <translation>编辑服务器…</translation>
    </message>
    <message>
        <source>E&amp;xpand All</source>
        <translation>全部展开(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Collapse All</source>
        <translation>全部折叠(&amp;C)</translation>
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
        <translation>排序方式</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <source>Servers and GPUs</source>
        <translation>服务器和 GPU</translation>
    </message>
</context>
<context>
    <name>gw::ServerTreeModel</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>繁忙</translation>
    </message>
    <message>
        <source>memory held while idle</source>
        <translation>空闲占用显存</translation>
    </message>
    <message>
        <source>hot</source>
        <translation>过热</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>utilisation not reported</source>
        <translation>未报告利用率</translation>
    </message>
    <message>
        <source>Server / GPU</source>
        <translation>服务器 / GPU</translation>
    </message>
    <message>
        <source>Util</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Temp</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n s</source>
        <translation>
            <numerusform>%n s 后重试</numerusform>
        </translation>
    </message>
    <message>
        <source>Agent %1 of ours; readings are shifted to our clock</source>
        <translation>代理%1（相对于本机）；读数已换算到本机时钟</translation>
    </message>
    <message>
        <source>Some readings were lost on the agent before they could be fetched</source>
        <translation>部分读数在获取之前已在代理上丢失</translation>
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
        <translation>GPU 利用率；对服务器排序时取其各 GPU 的平均值</translation>
    </message>
    <message>
        <source>GPU memory used / total</source>
        <translation>已用显存 / 总显存</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU 温度</translation>
    </message>
    <message>
        <source>Power drawn</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n busy</source>
        <translation>
            <numerusform>%n 个中 %1 个繁忙</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <translation>
            <numerusform>%n 个用户</numerusform>
        </translation>
    </message>
    <message>
        <source>Last reading %1 (%2 ago)</source>
        <translation>最后读数 %1（%2 前）</translation>
    </message>
    <message>
        <source>Stale: no reading for more than %1 sampling intervals of %2; the figures are the last ones, with no verdict</source>
        <translation>过时：超过 %1 个采样间隔（每个 %2）没有读数；所示数值为最后的数值，无判定</translation>
    </message>
    <message numerus="yes">
        <source>%n GPUs</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>backend %1</source>
        <translation>后端 %1</translation>
    </message>
    <message>
        <source>Host memory %1 used of %2</source>
        <translation>内存已用 %1，共 %2</translation>
    </message>
    <message>
        <source>Utilisation is not reported in MIG mode</source>
        <translation>MIG 模式下不报告利用率</translation>
    </message>
    <message numerus="yes">
        <source>MIG mode: %n instances</source>
        <translation>
            <numerusform>MIG 模式：%n 个实例</numerusform>
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
        <translation>GPU %2 的 MIG 实例 %1，配置 %3</translation>
    </message>
    <message>
        <source>GPU instance %1, compute instance %2</source>
        <translation>GPU 实例 %1，计算实例 %2</translation>
    </message>
    <message>
        <source>Utilisation is not reported per MIG instance</source>
        <translation>不按 MIG 实例报告利用率</translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation>（不在 /proc 中）</translation>
    </message>
    <message>
        <source>%1 · %2 · pid %3 · %4</source>
        <translation>%1 · %2 · pid %3 · %4</translation>
    </message>
    <message>
        <source>pid %1, user %2
%3</source>
        <translation>pid %1，用户 %2
%3</translation>
    </message>
    <message>
        <source>degraded: %1</source>
        <translation>降级：%1</translation>
    </message>
    <message>
        <source>own PID namespace: no process named</source>
        <translation>独立的 PID 命名空间：无进程名称</translation>
    </message>
    <message>
        <source>Host name %1</source>
        <translation>主机名 %1</translation>
    </message>
    <message>
        <source>Agent %1</source>
        <translation>代理 %1</translation>
    </message>
    <message>
        <source>The same agent as %1: its figures are shown twice</source>
        <translation>与 %1 是同一个代理：其数值显示了两次</translation>
    </message>
    <message>
        <source>The agent is degraded:
%1</source>
        <translation>代理已降级：
%1</translation>
    </message>
</context>
<context>
    <name>gw::ServersDialog</name>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Trust Certificate…</source>
        <translation>信任证书(&amp;T)…</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <source>(invalid)</source>
        <translation>（无效）</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source> · certificate pinned</source>
        <translation> · 证书已固定</translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;密钥链：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Remove Server</source>
        <translation>移除服务器</translation>
    </message>
    <message>
        <source>Stop watching %1 and forget its token? Its history stays.</source>
        <translation>停止监视 %1 并忘记其访问令牌？其历史将保留。</translation>
    </message>
    <message>
        <source>Certificate Changed</source>
        <translation>证书已更改</translation>
    </message>
    <message>
        <source>Trust Certificate</source>
        <translation>信任证书</translation>
    </message>
    <message>
        <source>&lt;b&gt;The certificate of %1 is not the one you pinned.&lt;/b&gt;&lt;br&gt;This happens when the certificate was renewed, or when someone is intercepting the connection.</source>
        <translation>&lt;b&gt;%1 的证书不是您固定的那个证书。&lt;/b&gt;&lt;br&gt;证书已续期，或有人正在拦截连接时，会出现这种情况。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No certificate authority vouches for %1.&lt;/b&gt;&lt;br&gt;Compare this fingerprint with the one on the server before you trust it:</source>
        <translation>&lt;b&gt;没有证书颁发机构为 %1 担保。&lt;/b&gt;&lt;br&gt;信任之前，请将此指纹与服务器上的指纹进行比较：</translation>
    </message>
    <message>
        <source>On the server: &lt;tt&gt;openssl x509 -in CERT -noout -fingerprint -sha256&lt;/tt&gt;</source>
        <translation>在服务器上：&lt;tt&gt;openssl x509 -in CERT -noout -fingerprint -sha256&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>Trust the New Certificate</source>
        <translation>信任新证书</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <source> · token for this session only</source>
        <translation> · 访问令牌仅用于本次会话</translation>
    </message>
</context>
<context>
    <name>gw::SnapshotText</name>
    <message>
        <source>%1  %2  backend %3
</source>
        <translation>%1  %2  后端 %3
</translation>
    </message>
    <message>
        <source>host: CPU %1, memory %2 / %3, disk read %4 write %5
</source>
        <translation>主机：CPU %1，内存 %2 / %3，磁盘读取 %4，写入 %5
</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>UTIL</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>MEMORY</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>TEMP</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>POWER</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>HEALTH</source>
        <translation>健康状况</translation>
    </message>
    <message>
        <source>SLOWED BY</source>
        <translation>降速原因</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>GPU %1 %2:
</source>
        <translation>GPU %1 %2：
</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>COMMAND</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation>所有者</translation>
    </message>
    <message>
        <source>ACCOUNT</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>WORKLOAD</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>(not in /proc)</source>
        <translation>（不在 /proc 中）</translation>
    </message>
    <message>
        <source>warning: %1
</source>
        <translation>警告：%1
</translation>
    </message>
</context>
<context>
    <name>gw::StateLegend</name>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
</context>
<context>
    <name>gw::StatusLine</name>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation>更新于 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;No GPU found on this machine.&lt;/b&gt; Showing the host only.&lt;br&gt;%1</source>
        <translation>&lt;b&gt;本机未找到 GPU。&lt;/b&gt;仅显示主机。&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;History off:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;历史已关闭：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n servers stale</source>
        <translation>
            <numerusform>%n 台服务器过时</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Keychain:&lt;/b&gt; %1&lt;br&gt;A server without its token is asked without one until the keychain answers; File → Servers… stores tokens again.</source>
        <translation>&lt;b&gt;密钥链：&lt;/b&gt;%1&lt;br&gt;在密钥链应答之前，缺少访问令牌的服务器将在不带访问令牌的情况下被查询；“文件 → 服务器…”可重新存储访问令牌。</translation>
    </message>
</context>
<context>
    <name>gw::Themes</name>
    <message>
        <source>&amp;System</source>
        <translation>系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;High contrast, dark</source>
        <translation>高对比度，深色(&amp;H)</translation>
    </message>
    <message>
        <source>High &amp;contrast, light</source>
        <translation>高对比度，浅色(&amp;C)</translation>
    </message>
</context>
<context>
    <name>gw::TimeRangeBar</name>
    <message numerus="yes">
        <source>%n days</source>
        <translation>
            <numerusform>%n 天</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message>
        <source>Show the last %1, following new samples</source>
        <translation>显示最近 %1，并跟随新样本</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>自定义…</translation>
    </message>
    <message>
        <source>Show a fixed range</source>
        <translation>显示固定范围</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Back to the chosen range (double-click the chart, or Home)</source>
        <translation>回到所选范围（双击图表，或按 Home）</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 (following now)</source>
        <translation>%1（跟随当前）</translation>
    </message>
    <message>
        <source>%1 (zoomed)</source>
        <translation>%1（已缩放）</translation>
    </message>
    <message>
        <source>Custom time range</source>
        <translation>自定义时间范围</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>从(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>到(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>gw::TokensClient</name>
    <message>
        <source>next: expected %1, got %2</source>
        <translation>next：应为 %1，实际为 %2</translation>
    </message>
    <message numerus="yes">
        <source>truncated: still true after %n page(s)</source>
        <translation>
            <numerusform>truncated：%n 页后仍为 true</numerusform>
        </translation>
    </message>
    <message>
        <source>changed from %1 to %2 between pages</source>
        <translation>在分页之间从 %1 变为 %2</translation>
    </message>
    <message>
        <source>%1.sequence: expected %2</source>
        <translation>%1.sequence：应为 %2</translation>
    </message>
    <message>
        <source>truncated: facts after %1 are missing</source>
        <translation>truncated：%1 之后的条目缺失</translation>
    </message>
    <message numerus="yes">
        <source>next: %1 stays below last_sequence %2 after %n page(s)</source>
        <translation>
            <numerusform>next：%n 页后 %1 仍低于 last_sequence %2</numerusform>
        </translation>
    </message>
    <message>
        <source>the token for %1 is read-only: adjusting needs an admin token</source>
        <translation>%1 的访问令牌为只读：调整需要管理员访问令牌</translation>
    </message>
</context>
<context>
    <name>gw::TokensJson</name>
    <message>
        <source>before from_ms</source>
        <translation>早于 from_ms</translation>
    </message>
    <message>
        <source>&quot;%1&quot; appears twice</source>
        <translation>&quot;%1&quot; 出现了两次</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>偏移量 %1 处的 JSON 格式错误：%2</translation>
    </message>
    <message>
        <source>expected a JSON object of books</source>
        <translation>应为账本的 JSON 对象</translation>
    </message>
</context>
<context>
    <name>gw::TokensView</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 前</translation>
    </message>
    <message>
        <source>&amp;Adjust balance…</source>
        <translation>调整余额(&amp;A)…</translation>
    </message>
    <message>
        <source>Edit &amp;prices…</source>
        <translation>编辑价格(&amp;P)…</translation>
    </message>
    <message>
        <source>Add or take tokens from a user, with a reason.</source>
        <translation>为用户增加或扣除代币，并注明原因。</translation>
    </message>
    <message>
        <source>Change the prices per GPU model and see what each user&apos;s balance would be.</source>
        <translation>修改各 GPU 型号的价格，并查看每个用户的余额将会是多少。</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>Spent</source>
        <translation>已花费</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>已增加</translation>
    </message>
    <message>
        <source>Tokens charged for GPU time this month.</source>
        <translation>本月为 GPU 时间扣除的代币。</translation>
    </message>
    <message>
        <source>Tokens granted and added (monthly, daily, adjustments) this month.</source>
        <translation>本月发放和增加的代币（每月、每日、调整）。</translation>
    </message>
    <message>
        <source>All users</source>
        <translation>所有用户</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <source>Filter the ledger</source>
        <translation>筛选账目</translation>
    </message>
    <message>
        <source>Balance over time</source>
        <translation>余额随时间变化</translation>
    </message>
    <message>
        <source>GPU-hours by model</source>
        <translation>按型号统计的 GPU 小时</translation>
    </message>
    <message>
        <source>Ledger:</source>
        <translation>账目：</translation>
    </message>
    <message>
        <source>No readings from %1 %2–%3: not charged.</source>
        <translation>%1 在 %2–%3 没有读数：未计费。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message numerus="yes">
        <source>…and %n more</source>
        <translation>
            <numerusform>…另有 %n 条</numerusform>
        </translation>
    </message>
    <message>
        <source>The policy in force has no [tokens] section: no token books are kept. Add one (Policy…) to price GPU time per model.</source>
        <translation>当前生效的策略没有 [tokens] 节：不记代币账本。添加该节（策略…）即可按型号为 GPU 时间定价。</translation>
    </message>
    <message>
        <source>No books yet: they are built from the readings of the first whole hour.</source>
        <translation>尚无账本：账本将根据第一个完整小时的读数建立。</translation>
    </message>
    <message>
        <source>Floor %1: users at or below it are cut off.</source>
        <translation>下限 %1：余额达到或低于此值的用户将被停用。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Books kept by %1, as of %2&lt;/b&gt;; the open hour is not charged yet. %3</source>
        <translation>&lt;b&gt;由 %1 保管的账本，截至 %2&lt;/b&gt;；尚未结束的小时还未计费。%3</translation>
    </message>
    <message>
        <source>Read %1.</source>
        <translation>读取于 %1。</translation>
    </message>
    <message>
        <source>%1 is not answering (since %2): %3. These are its books as read at %4, %5.</source>
        <translation>%1 无应答（自 %2 起）：%3。以下是于 %4（%5）读取的账本。</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min 前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h 前</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Books as of %1&lt;/b&gt;, %2; the open hour is not charged yet. Floor %3: users at or below it are cut off.</source>
        <translation>&lt;b&gt;截至 %1 的账本&lt;/b&gt;，%2；尚未结束的小时还未计费。下限 %3：余额达到或低于此值的用户将被停用。</translation>
    </message>
    <message>
        <source>%1 (the keeper)</source>
        <translation>%1（账本保管方）</translation>
    </message>
    <message>
        <source>%1 answered %2 but is not read: %3</source>
        <translation>%1 %2应答过，但未被读取：%3</translation>
    </message>
    <message>
        <source>once</source>
        <translation>此前</translation>
    </message>
    <message>
        <source>%1 read %2</source>
        <translation>%1 读取于 %2</translation>
    </message>
    <message>
        <source>%1 unreachable, last read %2</source>
        <translation>%1 无法访问，最后读取于 %2</translation>
    </message>
    <message>
        <source>%1 unreachable, never read</source>
        <translation>%1 无法访问，从未读取</translation>
    </message>
    <message>
        <source>Servers: %1</source>
        <translation>服务器：%1</translation>
    </message>
    <message>
        <source>%1 (cut off)</source>
        <translation>%1（已停用）</translation>
    </message>
    <message>
        <source>At or below the overdraft floor (%1): cut off.</source>
        <translation>达到或低于透支下限（%1）：已停用。</translation>
    </message>
    <message>
        <source>Balance per user (tokens)</source>
        <translation>每个用户的余额（代币）</translation>
    </message>
    <message>
        <source>balance</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>at or below the floor</source>
        <translation>达到或低于下限</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation>下限 %1</translation>
    </message>
    <message>
        <source>GPU-hours by GPU model this month</source>
        <translation>本月按 GPU 型号统计的 GPU 小时</translation>
    </message>
    <message>
        <source>%1 (%2 h)</source>
        <translation>%1（%2 h）</translation>
    </message>
    <message>
        <source>no use yet</source>
        <translation>尚无使用</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Balance per user</source>
        <translation>每个用户的余额</translation>
    </message>
    <message>
        <source>No balances to draw: the policy in force has no [tokens] section, so no token books are kept.</source>
        <translation>没有可绘制的余额：当前生效的策略没有 [tokens] 节，因此不记代币账本。</translation>
    </message>
    <message>
        <source>No balances: no [tokens] section, no token books.</source>
        <translation>无余额：没有 [tokens] 节，没有代币账本。</translation>
    </message>
    <message>
        <source>No balances to draw yet: the books have no entries (they are built from the readings of the first whole hour).</source>
        <translation>尚无可绘制的余额：账本中没有条目（账本根据第一个完整小时的读数建立）。</translation>
    </message>
    <message>
        <source>Ledger of user</source>
        <translation>用户的账目</translation>
    </message>
    <message>
        <source>Ledger entries of kind</source>
        <translation>该类型的账目</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>账目</translation>
    </message>
    <message>
        <source>Balances this month</source>
        <translation>本月余额</translation>
    </message>
    <message>
        <source>GPU-hours by GPU model</source>
        <translation>按 GPU 型号统计的 GPU 小时</translation>
    </message>
    <message>
        <source>%1 tokens, at or below the floor: cut off</source>
        <translation>%1 代币，达到或低于下限：已停用</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 代币</translation>
    </message>
    <message>
        <source>Balance per user in tokens; the floor is %1</source>
        <translation>每个用户的余额（代币）；下限为 %1</translation>
    </message>
    <message>
        <source>%1 %2 h</source>
        <translation>%1 %2 小时</translation>
    </message>
    <message>
        <source>%1 GPU-hours: %2</source>
        <translation>%1 GPU 小时：%2</translation>
    </message>
    <message>
        <source>GPU-hours by GPU model this month: no use yet</source>
        <translation>本月按 GPU 型号统计的 GPU 小时：尚无使用</translation>
    </message>
</context>
<context>
    <name>gw::Trace</name>
    <message>
        <source> on line %1</source>
        <translation>（第 %1 行）</translation>
    </message>
    <message>
        <source>duplicate reading of &quot;%1&quot; at %2: the same time as its reading%3</source>
        <translation>&quot;%1&quot; 在 %2 的读数重复：与其读数%3时间相同</translation>
    </message>
    <message>
        <source>reading of &quot;%1&quot; at %2 is older than its previous reading at %3%4 (readings must be in time order per server)</source>
        <translation>&quot;%1&quot; 在 %2 的读数早于其在 %3%4 的上一个读数（每台服务器的读数必须按时间顺序排列）</translation>
    </message>
    <message>
        <source>%1: cannot open for writing: %2</source>
        <translation>%1：无法打开以写入：%2</translation>
    </message>
    <message>
        <source>%1: trace is not open</source>
        <translation>%1：跟踪文件未打开</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>line longer than %1 MiB</source>
        <translation>行长度超过 %1 MiB</translation>
    </message>
    <message>
        <source>the last line is cut short (was the recorder stopped mid-write?): %1</source>
        <translation>最后一行不完整（记录器是否在写入中途被停止？）：%1</translation>
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
        <translation>不适用（MIG）</translation>
    </message>
    <message>
        <source>stale figures</source>
        <translation>过时的数值</translation>
    </message>
    <message>
        <source>chosen</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>A MIG instance scores its free-memory fraction alone.</source>
        <translation>MIG 实例仅按其可用显存比例评分。</translation>
    </message>
    <message>
        <source>Score = weight × free-memory fraction + weight × idle fraction; best first, ties by GPU index.</source>
        <translation>得分 = 权重 × 可用显存比例 + 权重 × 空闲比例；最佳者在前，得分相同时按 GPU 索引排序。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES=%1</source>
        <translation>CUDA_VISIBLE_DEVICES=%1</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>gw::Units</name>
    <message>
        <source>n/a</source>
        <translation>不可用</translation>
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
        <translation>%1：%2 ms 处的读数不晚于上一个读数（%3 ms）：已拒绝，未计费</translation>
    </message>
    <message>
        <source>%1: process %2 on GPU %3, which is not in the reading: not charged</source>
        <translation>%1：进程 %2 位于 GPU %3 上，而该 GPU 不在读数中：未计费</translation>
    </message>
    <message>
        <source>%1: process %2 on %3 has no user: its GPU time is not charged to anyone</source>
        <translation>%1：%3 上的进程 %2 没有用户：其 GPU 时间不向任何人计费</translation>
    </message>
    <message>
        <source>%1: GPU %2 reports no name: its use is not charged</source>
        <translation>%1：GPU %2 未报告名称：其使用未计费</translation>
    </message>
    <message>
        <source>%1: MIG instance %2 on %3: slices unknown, charged as the whole GPU</source>
        <translation>%1：%3 上的 MIG 实例 %2：切片数未知，按整个 GPU 计费</translation>
    </message>
    <message>
        <source>%1: no utilisation for %2 on %3: its used time is charged as held</source>
        <translation>%1：%3 上的 %2 没有利用率：其使用时间按占用时间计费</translation>
    </message>
</context>
<context>
    <name>gw::UserText</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
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
        <translation>GPU 故障</translation>
    </message>
    <message>
        <source>GPU degraded</source>
        <translation>GPU 降级</translation>
    </message>
</context>
<context>
    <name>gw::WelcomePanel</name>
    <message>
        <source>&amp;Add an agent…</source>
        <translation>添加代理(&amp;A)…</translation>
    </message>
    <message>
        <source>Open the &amp;demo</source>
        <translation>打开演示(&amp;D)</translation>
    </message>
    <message>
        <source>Read the &amp;guide</source>
        <translation>阅读指南(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Copy the commands</source>
        <translation>复制命令(&amp;C)</translation>
    </message>
    <message>
        <source>Commands that install an agent</source>
        <translation>安装代理的命令</translation>
    </message>
    <message>
        <source>Opens File → Servers… to add an agent&apos;s address</source>
        <translation>打开“文件 → 服务器…”以添加代理的地址</translation>
    </message>
    <message>
        <source>Watch a GPU server: install the agent on it, make a token for this desktop, then add the server&apos;s address and the token here:</source>
        <translation>监视 GPU 服务器：在其上安装代理，为此桌面端创建访问令牌，然后在此处添加服务器的地址和访问令牌：</translation>
    </message>
    <message>
        <source>The agent answers on the server&apos;s loopback only. Reach it through SSH (ssh -L 9807:localhost:9807 SERVER, then add http://localhost:9807), or give it TLS and let it listen on the network (the guide&apos;s “Security”).</source>
        <translation>代理只在服务器的回环接口上应答。可通过 SSH 访问它（ssh -L 9807:localhost:9807 SERVER，然后添加 http://localhost:9807），或为其配置 TLS 并让其在网络上监听（见指南的“Security”一节）。</translation>
    </message>
    <message>
        <source>A simulated lab of three servers, with hogs, idle jobs, events and token books, in a window of its own. Nothing of it is kept.</source>
        <translation>一个由三台服务器组成的模拟实验室，包含独占、空闲作业、事件和代币账本，在单独的窗口中打开。其中的任何内容都不会保留。</translation>
    </message>
    <message>
        <source>Installing, watching servers, history, policies, jobs, token books, reports and security, step by step.</source>
        <translation>逐步介绍安装、监视服务器、历史、策略、作业、代币账本、报告和安全。</translation>
    </message>
    <message>
        <source>Nothing to watch yet</source>
        <translation>尚无可监视的对象</translation>
    </message>
    <message>
        <source>GPU Warden shows every GPU of your shared servers: utilisation, memory, temperature and power, who runs which process on it, and the history of all of it. Its policies find GPU hogs, idle jobs holding GPUs and fair-share breaches; it keeps per-user token books and writes daily reports.</source>
        <translation>GPU Warden 显示共享服务器上的每个 GPU：利用率、显存、温度和功耗，谁在其上运行哪个进程，以及所有这些的历史。其策略可发现 GPU 独占、占用 GPU 的空闲作业以及违反公平份额的情况；它按用户记代币账本，并生成每日报告。</translation>
    </message>
    <message>
        <source>This machine has no GPU that GPU Warden can read, and no server is watched yet.</source>
        <translation>本机没有 GPU Warden 可读取的 GPU，且尚未监视任何服务器。</translation>
    </message>
    <message>
        <source>This run keeps no server list (File → Servers… is off)</source>
        <translation>本次运行不保存服务器列表（“文件 → 服务器…”已关闭）</translation>
    </message>
    <message>
        <source>my-desktop</source>
        <translation>my-desktop</translation>
    </message>
    <message>
        <source>The demo could not be started (%1 --demo).</source>
        <translation>无法启动演示（%1 --demo）。</translation>
    </message>
    <message>
        <source>The guide is not installed here: it is docs/guide in GPU Warden&apos;s sources, and /usr/share/doc/gpuwarden/guide with the package.</source>
        <translation>此处未安装指南：它位于 GPU Warden 源代码中的 docs/guide，随软件包安装时位于 /usr/share/doc/gpuwarden/guide。</translation>
    </message>
    <message>
        <source>No program here opens the guide; it is at %1.</source>
        <translation>此处没有可打开指南的程序；指南位于 %1。</translation>
    </message>
</context>
<context>
    <name>gw::Workload</name>
    <message>
        <source>container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <source>pod %1</source>
        <translation>pod %1</translation>
    </message>
    <message>
        <source>pod %1/%2</source>
        <translation>pod %1/%2</translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation>Slurm 作业 %1</translation>
    </message>
    <message>
        <source>LXC container %1</source>
        <translation>LXC 容器 %1</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
</context>
<context>
    <name>gw::Xid</name>
    <message>
        <source>XID %1 (%2)</source>
        <translation>XID %1（%2）</translation>
    </message>
    <message>
        <source>XID %1 (not in NVIDIA&apos;s catalogue)</source>
        <translation>XID %1（不在 NVIDIA 的目录中）</translation>
    </message>
    <message>
        <source>no action needed</source>
        <translation>无需操作</translation>
    </message>
    <message>
        <source>restart the application</source>
        <translation>重启应用程序</translation>
    </message>
    <message>
        <source>reset the GPU</source>
        <translation>重置 GPU</translation>
    </message>
    <message>
        <source>reboot the server</source>
        <translation>重启服务器</translation>
    </message>
    <message>
        <source>have the hardware checked</source>
        <translation>检查硬件</translation>
    </message>
    <message>
        <source>update the driver or firmware</source>
        <translation>更新驱动程序或固件</translation>
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
        <translation>--%1 必须是 %2 到 %3 之间的整数，而不是 &quot;%4&quot;</translation>
    </message>
    <message>
        <source>select, wait, run: how many GPUs (1 to 64).</source>
        <translation>select、wait、run：GPU 数量（1 到 64）。</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>select, wait, run: the GPU count from a model&apos;s parallelism, &quot;tp=4,pp=2,dp=1&quot; (world size = tp × pp × max(dp, cp, dcp)).</source>
        <translation>select、wait、run：根据模型的并行方式确定 GPU 数量，&quot;tp=4,pp=2,dp=1&quot;（world size = tp × pp × max(dp, cp, dcp)）。</translation>
    </message>
    <message>
        <source>sizes</source>
        <translation>并行度</translation>
    </message>
    <message>
        <source>select, wait, run: a task file (JSON or TOML) with the parallelism and the model.</source>
        <translation>select、wait、run：包含并行方式和模型的任务文件（JSON 或 TOML）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>select, wait, run: free memory each GPU needs, such as 8GiB (default: none with --gpus; from the model&apos;s size with --parallel or --task).</source>
        <translation>select、wait、run：每个 GPU 所需的可用显存，例如 8GiB（默认：使用 --gpus 时无要求；使用 --parallel 或 --task 时根据模型大小确定）。</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>select, wait, run: refuse GPUs busier than this percentage.</source>
        <translation>select、wait、run：拒绝繁忙程度高于此百分比的 GPU。</translation>
    </message>
    <message>
        <source>percent</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>select, wait, run: MIG instances as units: allow (when not enough whole GPUs qualify), only, never (default: allow).</source>
        <translation>select、wait、run：将 MIG 实例作为单元：allow（符合条件的完整 GPU 不足时）、only、never（默认：allow）。</translation>
    </message>
    <message>
        <source>allow|only|never</source>
        <translation>allow|only|never</translation>
    </message>
    <message>
        <source>select, wait, run: wait up to this long for enough GPUs, such as 5m (default: 0, answer at once).</source>
        <translation>select、wait、run：等待足够 GPU 的最长时间，例如 5m（默认：0，立即应答）。</translation>
    </message>
    <message>
        <source>span</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>select, run with --source: how long the agent holds the GPUs for the job to start (default: 2m).</source>
        <translation>select 以及带 --source 的 run：代理为等待作业启动而保留 GPU 的时长（默认：2m）。</translation>
    </message>
    <message>
        <source>select, wait, run, advise: the user the GPUs are for (default: your login name).</source>
        <translation>select、wait、run、advise：GPU 所属的用户（默认：您的登录名）。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>advise: high, normal (default) or low.</source>
        <translation>advise：high、normal（默认）或 low。</translation>
    </message>
    <message>
        <source>priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>advise: how often the job has waited already (the back-off doubles with each).</source>
        <translation>advise：作业已等待的次数（每等待一次，退避时间加倍）。</translation>
    </message>
    <message>
        <source>give the number of GPUs: --gpus N, --parallel tp=4,pp=2 or --task FILE</source>
        <translation>请指定 GPU 数量：--gpus N、--parallel tp=4,pp=2 或 --task FILE</translation>
    </message>
    <message>
        <source>give only one of --gpus, --parallel and --task</source>
        <translation>--gpus、--parallel 和 --task 只能指定其一</translation>
    </message>
    <message>
        <source>--parallel: %1</source>
        <translation>--parallel：%1</translation>
    </message>
    <message>
        <source>--task: %1</source>
        <translation>--task：%1</translation>
    </message>
    <message>
        <source>%1 needs %2 GPUs; at most %3 can be asked for</source>
        <translation>%1 需要 %2 个 GPU；最多只能请求 %3 个</translation>
    </message>
    <message>
        <source>%1: world size %2 × %3 × max(%4, %5, %6) = %7 GPUs</source>
        <translation>%1：world size %2 × %3 × max(%4, %5, %6) = %7 个 GPU</translation>
    </message>
    <message>
        <source>--min-free: %1</source>
        <translation>--min-free：%1</translation>
    </message>
    <message>
        <source>--max-util must be a percentage from 0 to 100, not &quot;%1&quot;</source>
        <translation>--max-util 必须是 0 到 100 之间的百分比，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--mig must be allow, only or never, not &quot;%1&quot;</source>
        <translation>--mig 必须是 allow、only 或 never，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--policy: %1</source>
        <translation>--policy：%1</translation>
    </message>
    <message>
        <source>--wait: %1</source>
        <translation>--wait：%1</translation>
    </message>
    <message>
        <source>--ttl must be from 1s to 24h, not &quot;%1&quot;</source>
        <translation>--ttl 必须在 1s 到 24h 之间，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--ttl: %1</source>
        <translation>--ttl：%1</translation>
    </message>
    <message>
        <source>--user must name a user</source>
        <translation>--user 必须指定一个用户</translation>
    </message>
    <message>
        <source>no login name found: give --user NAME</source>
        <translation>未找到登录名：请指定 --user NAME</translation>
    </message>
    <message>
        <source>no GPU found on this machine</source>
        <translation>本机未找到 GPU</translation>
    </message>
    <message>
        <source>no GPU found on this machine: %1</source>
        <translation>本机未找到 GPU：%1</translation>
    </message>
    <message>
        <source>the agent granted %1 units, %2 asked; not used</source>
        <translation>代理分配了 %1 个单元，而请求的是 %2 个；未使用</translation>
    </message>
    <message>
        <source>the agent granted nothing (HTTP %1)</source>
        <translation>代理未分配任何单元（HTTP %1）</translation>
    </message>
    <message>
        <source>reservations unknown, waiting as if there were none: %1</source>
        <translation>预留情况未知，按没有预留进行等待：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: qualifies (score %2)</source>
        <translation>%1：符合条件（得分 %2）</translation>
    </message>
    <message>
        <source>%1 (score %2, %3 MiB free)</source>
        <translation>%1（得分 %2，可用 %3 MiB）</translation>
    </message>
    <message>
        <source>reserved on %1 for %2 until %3: %4</source>
        <translation>已在 %1 上为 %2 预留，直到 %3：%4</translation>
    </message>
    <message>
        <source>nothing reserved (wait only waits; select reserves)</source>
        <translation>未预留任何单元（wait 只等待；select 才会预留）</translation>
    </message>
    <message>
        <source>no agent: nothing reserved (--source URL reserves at the agent)</source>
        <translation>无代理：未预留任何单元（--source URL 会在代理上预留）</translation>
    </message>
    <message>
        <source>advise needs an agent (--source URL): advice comes from the agent&apos;s record of each user&apos;s use</source>
        <translation>advise 需要代理（--source URL）：建议来自代理对每个用户使用情况的记录</translation>
    </message>
    <message>
        <source>--priority: %1</source>
        <translation>--priority：%1</translation>
    </message>
    <message>
        <source>%1 (%2 priority) may use %3% of the GPUs now, uses %4%
  quota:     %5
  load band: %6
  defensive: %7
%8
</source>
        <translation>%1（%2 优先级）现在可使用 %3% 的 GPU，已使用 %4%
  配额：    %5
  负载区间：%6
  防御模式：%7
%8
</translation>
    </message>
    <message>
        <source>%1: give --trace FILE or --history FILE</source>
        <translation>%1：请指定 --trace FILE 或 --history FILE</translation>
    </message>
    <message>
        <source> (or --demo, or --source URL)</source>
        <translation>（或 --demo，或 --source URL）</translation>
    </message>
    <message>
        <source>--demo-servers: expected 1..%1, got &quot;%2&quot;</source>
        <translation>--demo-servers：应为 1..%1，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>--tz: &quot;%1&quot; is not a time zone (such as Europe/Berlin or UTC)</source>
        <translation>--tz：&quot;%1&quot; 不是时区（例如 Europe/Berlin 或 UTC）</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a time (write 2026-11-24T09:00:00+01:00, 2026-11-24 09:00 or milliseconds since the epoch)</source>
        <translation>--%1：&quot;%2&quot; 不是时间（请写成 2026-11-24T09:00:00+01:00、2026-11-24 09:00 或自纪元起的毫秒数）</translation>
    </message>
    <message>
        <source>%1: the range is empty (--to must be after --from)</source>
        <translation>%1：范围为空（--to 必须晚于 --from）</translation>
    </message>
    <message>
        <source>%1: %2 needs the range: give --from (and --to, default now)</source>
        <translation>%1：%2 需要范围：请指定 --from（以及 --to，默认为现在）</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>report: give --format csv or --format pdf</source>
        <translation>report：请指定 --format csv 或 --format pdf</translation>
    </message>
    <message>
        <source>report: --format &quot;%1&quot; is not known (csv or pdf)</source>
        <translation>report：未知的 --format &quot;%1&quot;（应为 csv 或 pdf）</translation>
    </message>
    <message>
        <source>report: --split needs --output FOLDER</source>
        <translation>report：--split 需要 --output FOLDER</translation>
    </message>
    <message>
        <source>report: --split is for CSV; a PDF is one file</source>
        <translation>report：--split 用于 CSV；PDF 是单个文件</translation>
    </message>
    <message>
        <source>report: --paper is for --format pdf</source>
        <translation>report：--paper 用于 --format pdf</translation>
    </message>
    <message>
        <source>report: --paper &quot;%1&quot; is not known (a4 or letter)</source>
        <translation>report：未知的 --paper &quot;%1&quot;（应为 a4 或 letter）</translation>
    </message>
    <message>
        <source>report: a PDF is not for the terminal: give --output FILE (or --output - into a pipe)</source>
        <translation>report：PDF 不能输出到终端：请指定 --output FILE（或用 --output - 输出到管道）</translation>
    </message>
    <message>
        <source>report: --format pdf needs the report command first on the command line</source>
        <translation>report：--format pdf 要求 report 命令位于命令行的最前面</translation>
    </message>
    <message>
        <source>--policy must name a policy file</source>
        <translation>--policy 必须指定一个策略文件</translation>
    </message>
    <message>
        <source>report: give --last or --from/--to, not both</source>
        <translation>report：请指定 --last 或 --from/--to，不能同时指定</translation>
    </message>
    <message>
        <source>--last: %1</source>
        <translation>--last：%1</translation>
    </message>
    <message>
        <source>the span must be longer than zero</source>
        <translation>时长必须大于零</translation>
    </message>
    <message>
        <source>report: the range is empty (--to must be after --from)</source>
        <translation>report：范围为空（--to 必须晚于 --from）</translation>
    </message>
    <message>
        <source>report: --to needs --from (or give --last)</source>
        <translation>report：--to 需要 --from（或指定 --last）</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <source>report: the PDF could not be made</source>
        <translation>report：无法生成 PDF</translation>
    </message>
    <message>
        <source>run: how often the job&apos;s GPUs are read, such as 1s or 200ms (default 1s).</source>
        <translation>run：读取作业 GPU 的间隔，例如 1s 或 200ms（默认 1s）。</translation>
    </message>
    <message>
        <source>run: write the run record (JSON) to this file instead of a summary on stderr.</source>
        <translation>run：将运行记录（JSON）写入此文件，而不是在 stderr 上输出摘要。</translation>
    </message>
    <message>
        <source>run: give the command after --, such as: gpuwarden-cli run --gpus 1 -- python train.py</source>
        <translation>run：请在 -- 之后给出命令，例如：gpuwarden-cli run --gpus 1 -- python train.py</translation>
    </message>
    <message>
        <source>run reads one agent: give --source once (select picks a server among several)</source>
        <translation>run 只读取一个代理：请只指定一次 --source（select 可在多台服务器中选择）</translation>
    </message>
    <message>
        <source>--interval: %1</source>
        <translation>--interval：%1</translation>
    </message>
    <message>
        <source>--interval must be from 10ms to 1h, not &quot;%1&quot;</source>
        <translation>--interval 必须在 10ms 到 1h 之间，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>reservation %1 released: %2</source>
        <translation>预留 %1 已释放：%2</translation>
    </message>
    <message>
        <source>reservation %1 already ended at the agent (%2)</source>
        <translation>预留 %1 已在代理上结束（%2）</translation>
    </message>
    <message>
        <source>reservation %1 not released: %2</source>
        <translation>预留 %1 未释放：%2</translation>
    </message>
    <message>
        <source>the trace cannot be written</source>
        <translation>无法写入跟踪文件</translation>
    </message>
    <message>
        <source>running %1 on %2 with CUDA_VISIBLE_DEVICES=%3</source>
        <translation>正在 %2 上运行 %1，CUDA_VISIBLE_DEVICES=%3</translation>
    </message>
    <message>
        <source>reading the agent failed: %1</source>
        <translation>读取代理失败：%1</translation>
    </message>
    <message>
        <source>the job&apos;s processes appeared</source>
        <translation>作业的进程已出现</translation>
    </message>
    <message>
        <source>the job did not start</source>
        <translation>作业未启动</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>the job ended</source>
        <translation>作业已结束</translation>
    </message>
    <message>
        <source>run record written to %1</source>
        <translation>运行记录已写入 %1</translation>
    </message>
    <message>
        <source>%1 readings written to %2</source>
        <translation>%1 个读数已写入 %2</translation>
    </message>
    <message>
        <source>%1 has no [tokens] section</source>
        <translation>%1 没有 [tokens] 节</translation>
    </message>
    <message>
        <source>no readings from %1 %2–%3: not charged</source>
        <translation>%1 在 %2–%3 没有读数：未计费</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>balance</source>
        <translation>余额</translation>
    </message>
    <message>
        <source>spent</source>
        <translation>已花费</translation>
    </message>
    <message>
        <source>granted</source>
        <translation>已发放</translation>
    </message>
    <message>
        <source>GPU-hours by model</source>
        <translation>按型号统计的 GPU 小时</translation>
    </message>
    <message>
        <source>%1 (at or below the floor, %2)</source>
        <translation>%1（达到或低于下限 %2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no users in the range
</source>
        <translation>范围内没有用户
</translation>
    </message>
    <message>
        <source>ledger of %1:</source>
        <translation>%1 的账目：</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>amount</source>
        <translation>数额</translation>
    </message>
    <message>
        <source>what</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>no entries
</source>
        <translation>无条目
</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>balance (%1)</source>
        <translation>余额（%1）</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>差额</translation>
    </message>
    <message>
        <source>token balances at %1, hours closed up to %2 (%3)

</source>
        <translation>截至 %1 的代币余额，已结算至 %2 的各小时（%3）

</translation>
    </message>
    <message>
        <source>no users yet
</source>
        <translation>尚无用户
</translation>
    </message>
    <message>
        <source>tokens: give --policy FILE (its [tokens] section prices the GPU time)</source>
        <translation>tokens：请指定 --policy FILE（其 [tokens] 节为 GPU 时间定价）</translation>
    </message>
    <message>
        <source>--compare must name a policy file</source>
        <translation>--compare 必须指定一个策略文件</translation>
    </message>
    <message>
        <source>no readings in the range</source>
        <translation>范围内没有读数</translation>
    </message>
    <message>
        <source>token books %1 to %2 (%3), policy %4

</source>
        <translation>代币账本 %1 至 %2（%3），策略 %4

</translation>
    </message>
    <message>
        <source>reading failed: %1</source>
        <translation>读取失败：%1</translation>
    </message>
    <message>
        <source>gpuwarden-cli: %1 readings of %2 servers were written to %3 before the error
</source>
        <translation>gpuwarden-cli：出错前已将 %2 台服务器的 %1 个读数写入 %3
</translation>
    </message>
    <message>
        <source>gpuwarden-cli: %1 readings of %2 servers written to %3%4
</source>
        <translation>gpuwarden-cli：%2 台服务器的 %1 个读数已写入 %3%4
</translation>
    </message>
    <message>
        <source> (stopped by a signal)</source>
        <translation>（被信号停止）</translation>
    </message>
    <message>
        <source>token %1: --source URL is required</source>
        <translation>token %1：必须提供 --source URL</translation>
    </message>
    <message>
        <source>gpuwarden-cli: token stored in the keychain as &quot;%1&quot;
</source>
        <translation>gpuwarden-cli：访问令牌已以 &quot;%1&quot; 存入密钥链
</translation>
    </message>
    <message>
        <source>gpuwarden-cli: no token in the keychain as &quot;%1&quot; any more
</source>
        <translation>gpuwarden-cli：密钥链中已不再有 &quot;%1&quot; 访问令牌
</translation>
    </message>
    <message>
        <source>gpuwarden-cli: keychain, token %1 &quot;%2&quot;: %3
</source>
        <translation>gpuwarden-cli：密钥链，访问令牌 %1 &quot;%2&quot;：%3
</translation>
    </message>
    <message>
        <source>doctor --source URL asks an agent to check itself (an admin token); on the agent&apos;s machine, gpuwarden-agent doctor</source>
        <translation>doctor --source URL 让代理自检（需要管理员访问令牌）；在代理所在的机器上，请使用 gpuwarden-agent doctor</translation>
    </message>
    <message>
        <source>give --demo or --source, not both</source>
        <translation>请指定 --demo 或 --source，不能同时指定</translation>
    </message>
    <message>
        <source>the demo fleet is simulated: nothing reserved</source>
        <translation>演示服务器群是模拟的：未预留任何单元</translation>
    </message>
    <message>
        <source>(no account)</source>
        <translation>（无账户）</translation>
    </message>
    <message>
        <source>me: the agent&apos;s Unix socket (default %1)</source>
        <translation>me：代理的 Unix 套接字（默认 %1）</translation>
    </message>
    <message>
        <source>%1 on %2 (reading of %3)</source>
        <translation>%2 上的 %1（%3 的读数）</translation>
    </message>
    <message>
        <source>%1: the agent has no reading yet</source>
        <translation>%1：代理尚无读数</translation>
    </message>
    <message>
        <source>  your processes: none on a GPU</source>
        <translation>  您的进程：GPU 上没有</translation>
    </message>
    <message>
        <source>  your processes: %1</source>
        <translation>  您的进程：%1</translation>
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
        <translation>  账户 %1</translation>
    </message>
    <message>
        <source>  the server: %1 of %2 GPUs in use, %3 yours; %4 other people with %5 processes; %6 callers waiting</source>
        <translation>  服务器：%2 个 GPU 中 %1 个正在使用，其中 %3 个属于您；其他 %4 人共有 %5 个进程；%6 个调用方正在等待</translation>
    </message>
    <message>
        <source>  event: %1</source>
        <translation>  事件：%1</translation>
    </message>
    <message>
        <source>    next: %1 at %2%3</source>
        <translation>    下一步：%1，于 %2%3</translation>
    </message>
    <message>
        <source> (dry run: recorded, nothing done)</source>
        <translation>（试运行：已记录，未执行任何操作）</translation>
    </message>
    <message>
        <source>  reserved: GPUs %1 until %2</source>
        <translation>  已预留：GPU %1，直到 %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <source>  account: %1; caps: %2</source>
        <translation>  账户：%1；上限：%2</translation>
    </message>
    <message>
        <source>  fair share: %1 % of the server lately (quota %2 %); decayed usage %3 server-hours, factor %4</source>
        <translation>  公平份额：近期占服务器的 %1 %（配额 %2 %）；衰减后用量 %3 服务器小时，公平份额因子 %4</translation>
    </message>
    <message>
        <source>  tokens: no token books on this server ([tokens] is off)</source>
        <translation>  代币：此服务器没有代币账本（[tokens] 未启用）</translation>
    </message>
    <message>
        <source>  tokens: balance %1 (cut off at %2); holding what you hold costs %3 an hour</source>
        <translation>  代币：余额 %1（达到 %2 时停用）；保持当前占用每小时花费 %3</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>尚无</translation>
    </message>
    <message>
        <source>  usage %1: %2 GPU-hours; by model: %3; by account: %4</source>
        <translation>  %1用量：%2 GPU 小时；按型号：%3；按账户：%4</translation>
    </message>
    <message>
        <source>today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>this month</source>
        <translation>本月</translation>
    </message>
    <message>
        <source>cannot reach the agent at %1: %2 (is gpuwarden-agent running with [agent] socket = &quot;%1&quot;?)</source>
        <translation>无法连接位于 %1 的代理：%2（gpuwarden-agent 是否以 [agent] socket = &quot;%1&quot; 运行？）</translation>
    </message>
    <message>
        <source>the agent at %1 did not answer with a standing (%2)</source>
        <translation>位于 %1 的代理未返回状态（%2）</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>the agent at %1: %2</source>
        <translation>位于 %1 的代理：%2</translation>
    </message>
    <message>
        <source>report: --by &quot;%1&quot; is not known (user, account or job)</source>
        <translation>report：未知的 --by &quot;%1&quot;（应为 user、account 或 job）</translation>
    </message>
    <message>
        <source>report: --by is for one CSV table (the PDF and --split hold every table)</source>
        <translation>report：--by 用于单个 CSV 表格（PDF 和 --split 包含所有表格）</translation>
    </message>
    <message>
        <source>report --by account: no process in the range had an account (a Slurm job&apos;s, a label&apos;s or an [owners] rule&apos;s); the table is empty</source>
        <translation>report --by account：范围内没有进程具有账户（来自 Slurm 作业、标签或 [owners] 规则）；表格为空</translation>
    </message>
    <message>
        <source>report --by job: no Slurm job held a GPU in the range; the table is empty</source>
        <translation>report --by job：范围内没有 Slurm 作业占用 GPU；表格为空</translation>
    </message>
    <message>
        <source>report --by user: no GPU time was charged to anyone in the range; the table is empty</source>
        <translation>report --by user：范围内没有向任何人计费 GPU 时间；表格为空</translation>
    </message>
    <message>
        <source>run --demo: the demo fleet&apos;s GPUs are simulated and cannot run a command (select --demo and wait --demo answer from the demo fleet)</source>
        <translation>run --demo：演示服务器群的 GPU 是模拟的，无法运行命令（select --demo 和 wait --demo 会根据演示服务器群作答）</translation>
    </message>
    <message>
        <source>%1: %2 is missing (%3)</source>
        <translation>%1：缺少 %2（%3）</translation>
    </message>
    <message>
        <source>%1: too many arguments (%2): %3</source>
        <translation>%1：参数过多（%2）：%3</translation>
    </message>
    <message>
        <source>a percentage from %1 to %2</source>
        <translation>%1 到 %2 之间的百分比</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>--%1: %2</source>
        <translation>--%1：%2</translation>
    </message>
    <message>
        <source>--%1 must be %2, not &quot;%3&quot;</source>
        <translation>--%1 必须是 %2，而不是 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>%1 does not take --%2 (an option of %3)</source>
        <translation>%1 不接受 --%2（它是 %3 的选项）</translation>
    </message>
    <message>
        <source>--demo-servers is the size of the demo fleet: give --demo with it</source>
        <translation>--demo-servers 是演示服务器群的规模：请同时指定 --demo</translation>
    </message>
    <message>
        <source>replay: what if [quota] half_life were DURATION (1h–90d); the fair share each user ends with is printed</source>
        <translation>replay：假设 [quota] half_life 为 DURATION（1h–90d）；输出每个用户最终的公平份额</translation>
    </message>
    <message>
        <source>replay: what if user NAME&apos;s [quota] share were PERCENT (repeatable)</source>
        <translation>replay：假设用户 NAME 的 [quota] share 为 PERCENT（可重复）</translation>
    </message>
    <message>
        <source>--half-life: &quot;%1&quot; is not a duration from 1h to 90d%2</source>
        <translation>--half-life：&quot;%1&quot; 不是 1h 到 90d 之间的时长%2</translation>
    </message>
    <message>
        <source>--share: &quot;%1&quot; is not NAME=PERCENT with a percent from 0 to 100</source>
        <translation>--share：&quot;%1&quot; 不是 NAME=PERCENT 格式（百分比须在 0 到 100 之间）</translation>
    </message>
    <message>
        <source>%1 %2 h, factor %3</source>
        <translation>%1 %2 h，公平份额因子 %3</translation>
    </message>
    <message>
        <source>account %1 %2 h%3</source>
        <translation>账户 %1 %2 h%3</translation>
    </message>
    <message>
        <source>, factor %1</source>
        <translation>，公平份额因子 %1</translation>
    </message>
    <message>
        <source>fair share at the end, %1: %2
</source>
        <translation>最终公平份额，%1：%2
</translation>
    </message>
    <message>
        <source>no usage remembered</source>
        <translation>无用量记录</translation>
    </message>
    <message>
        <source>replay: the range is empty (--to must be after --from)
</source>
        <translation>replay：范围为空（--to 必须晚于 --from）
</translation>
    </message>
    <message>
        <source>note: the history keeps no GPU power limit, so idle confirm_power checks only that memory stays flat
</source>
        <translation>注意：历史中不保存 GPU 功耗上限，因此 idle 的 confirm_power 只检查显存是否保持不变
</translation>
    </message>
    <message>
        <source>%1: %2 readings of %3 replayed (%4 outside the range): %5 hog, %6 idle, %7 fair-share events (policy: %8)
</source>
        <translation>%1：已回放 %3 的 %2 个读数（%4 个在范围之外）：独占事件 %5 个，空闲事件 %6 个，公平份额事件 %7 个（策略：%8）
</translation>
    </message>
    <message>
        <source>1 server</source>
        <translation>1 台服务器</translation>
    </message>
    <message>
        <source>%1 servers</source>
        <translation>%1 台服务器</translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation>内置默认值</translation>
    </message>
    <message>
        <source>what if: half-life %1%2
</source>
        <translation>假设：半衰期 %1%2
</translation>
    </message>
    <message>
        <source>, %1 share(s) replaced</source>
        <translation>，替换了 %1 个份额</translation>
    </message>
</context>
<context>
    <name>gw::coord</name>
    <message>
        <source>quota %1 for %2, as in effect now</source>
        <translation>%2 的配额 %1（当前生效）</translation>
    </message>
    <message>
        <source>quota %1 for %2 from [quota.users]</source>
        <translation>%2 的配额 %1，来自 [quota.users]</translation>
    </message>
    <message>
        <source>default quota %1 (%2 has no quota of their own in effect now)</source>
        <translation>默认配额 %1（%2 当前没有生效的个人配额）</translation>
    </message>
    <message>
        <source>load %1 is in band %2 (up to %3)</source>
        <translation>负载 %1 位于区间 %2（最高 %3）</translation>
    </message>
    <message>
        <source>unknown priority &quot;%1&quot; (high, normal or low)</source>
        <translation>未知优先级 &quot;%1&quot;（high、normal 或 low）</translation>
    </message>
    <message>
        <source>adaptive quotas are off: ×1</source>
        <translation>自适应配额已关闭：×1</translation>
    </message>
    <message>
        <source>high priority keeps its quota under load: ×1 (%1: ×%2 for others)</source>
        <translation>高优先级在负载下保持其配额：×1（%1：其他优先级 ×%2）</translation>
    </message>
    <message>
        <source>%1: ×%2</source>
        <translation>%1：×%2</translation>
    </message>
    <message>
        <source>defensive mode: hogs for %1 of the last %2 (over %3): ×%4</source>
        <translation>防御模式：过去 %2 中有 %1 存在独占（超过 %3）：×%4</translation>
    </message>
    <message>
        <source>not defensive: hogs for %1 of the last %2 (at most %3): ×1</source>
        <translation>非防御模式：过去 %2 中有 %1 存在独占（不超过 %3）：×1</translation>
    </message>
    <message>
        <source>low priority pauses first: the server is in its top load band (%1)</source>
        <translation>低优先级最先暂停：服务器处于最高负载区间（%1）</translation>
    </message>
    <message>
        <source>low priority pauses first: the server is in defensive mode</source>
        <translation>低优先级最先暂停：服务器处于防御模式</translation>
    </message>
    <message>
        <source>%1 uses %2 of the server, under the %3 allowed</source>
        <translation>%1 使用了服务器的 %2，低于允许的 %3</translation>
    </message>
    <message>
        <source>%1 uses %2 of the server, at or over the %3 allowed</source>
        <translation>%1 使用了服务器的 %2，达到或超过允许的 %3</translation>
    </message>
    <message>
        <source>start now: %1</source>
        <translation>立即开始：%1</translation>
    </message>
    <message>
        <source>wait %1 s: %2</source>
        <translation>等待 %1 s：%2</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>未知键</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot;</source>
        <translation>未知键 &quot;%1&quot;</translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation>（是否指 &quot;%1&quot;？）</translation>
    </message>
    <message>
        <source> (known: tp, pp, dp, cp, dcp or their long spellings such as tensor-parallel-size)</source>
        <translation>（已知：tp、pp、dp、cp、dcp 或其完整写法，例如 tensor-parallel-size）</translation>
    </message>
    <message>
        <source>must be a whole number from 1 to %1</source>
        <translation>必须是 1 到 %1 之间的整数</translation>
    </message>
    <message>
        <source>%1 is given twice (&quot;%2&quot; and &quot;%3&quot;)</source>
        <translation>%1 指定了两次（&quot;%2&quot; 与 &quot;%3&quot;）</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>: the top level must be an object</source>
        <translation>：顶层必须是对象</translation>
    </message>
    <message>
        <source>, not %1</source>
        <translation>，而不是 %1</translation>
    </message>
    <message>
        <source>must be a string, not %1</source>
        <translation>必须是字符串，而不是 %1</translation>
    </message>
    <message>
        <source>must be an object, not %1</source>
        <translation>必须是对象，而不是 %1</translation>
    </message>
    <message>
        <source>a table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>a date or time</source>
        <translation>日期或时间</translation>
    </message>
    <message>
        <source>%1 </source>
        <translation>%1 </translation>
    </message>
    <message>
        <source>model must be a string, not %1</source>
        <translation>model 必须是字符串，而不是 %1</translation>
    </message>
    <message>
        <source>parallelism must be a table, not %1</source>
        <translation>parallelism 必须是表，而不是 %1</translation>
    </message>
    <message>
        <source>no parallelism given: write it as &quot;tp=4,pp=2,dp=1&quot;</source>
        <translation>未指定并行方式：请写成 &quot;tp=4,pp=2,dp=1&quot;</translation>
    </message>
    <message>
        <source>empty item in &quot;%1&quot;: items are key=value, separated by commas</source>
        <translation>&quot;%1&quot; 中有空项：各项为 key=value，以逗号分隔</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not key=value: write it as &quot;tp=4,pp=2,dp=1&quot;</source>
        <translation>&quot;%1&quot; 不是 key=value：请写成 &quot;tp=4,pp=2,dp=1&quot;</translation>
    </message>
    <message>
        <source>, not &quot;%1&quot;</source>
        <translation>，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot read the task file %1</source>
        <translation>无法读取任务文件 %1</translation>
    </message>
    <message>
        <source>no model named</source>
        <translation>未指定模型</translation>
    </message>
    <message>
        <source>no parameter count in the name</source>
        <translation>名称中没有参数量</translation>
    </message>
    <message>
        <source>%1 parameters (65B or more)</source>
        <translation>%1 参数（65B 及以上）</translation>
    </message>
    <message>
        <source>%1 parameters (7B to under 65B)</source>
        <translation>%1 参数（7B 至 65B 以下）</translation>
    </message>
    <message>
        <source>%1 parameters (under 7B)</source>
        <translation>%1 参数（7B 以下）</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>每个 GPU 的显存</translation>
    </message>
    <message>
        <source>%1: %2 → %3 MiB per GPU (model-size heuristic; --min-free overrides it)</source>
        <translation>%1：%2 → 每个 GPU %3 MiB（基于模型大小的启发式估计；--min-free 可覆盖）</translation>
    </message>
    <message>
        <source>no memory size given: write it as &quot;8GiB&quot;, &quot;512MiB&quot; or a number of MiB</source>
        <translation>未指定显存大小：请写成 &quot;8GiB&quot;、&quot;512MiB&quot; 或以 MiB 为单位的数字</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a memory size: write it as &quot;8GiB&quot;, &quot;512MiB&quot; or a number of MiB</source>
        <translation>&quot;%1&quot; 不是显存大小：请写成 &quot;8GiB&quot;、&quot;512MiB&quot; 或以 MiB 为单位的数字</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no memory: the size must be at least 1 MiB</source>
        <translation>&quot;%1&quot; 不是有效的显存量：大小至少为 1 MiB</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is more than 1 TiB per GPU</source>
        <translation>&quot;%1&quot; 超过每个 GPU 1 TiB</translation>
    </message>
</context>
<context>
    <name>gw::owners</name>
    <message>
        <source>the cgroup file is %1 bytes, more than the %2 read: only its start is read</source>
        <translation>cgroup 文件有 %1 字节，超过读取上限 %2：只读取其开头部分</translation>
    </message>
    <message>
        <source>line %1: the file ends inside this line (cut short?): the line is not read</source>
        <translation>第 %1 行：文件在此行中间结束（被截断？）：不读取此行</translation>
    </message>
    <message>
        <source>line %1: not &quot;hierarchy-ID:controllers:path&quot;: %2</source>
        <translation>第 %1 行：不是 &quot;hierarchy-ID:controllers:path&quot; 格式：%2</translation>
    </message>
    <message>
        <source>the reply ends inside its chunked body</source>
        <translation>应答在其分块正文中间结束</translation>
    </message>
    <message>
        <source>a chunk size of the reply is not a hex number: &quot;%1&quot;</source>
        <translation>应答中的分块大小不是十六进制数：&quot;%1&quot;</translation>
    </message>
    <message>
        <source>the reply is over %1 bytes</source>
        <translation>应答超过 %1 字节</translation>
    </message>
    <message>
        <source>no reply</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>the reply ends before its headers do</source>
        <translation>应答在其标头结束之前就已结束</translation>
    </message>
    <message>
        <source>not an HTTP reply: &quot;%1&quot;</source>
        <translation>不是 HTTP 应答：&quot;%1&quot;</translation>
    </message>
    <message>
        <source>the reply&apos;s Content-Length is not a size: &quot;%1&quot;</source>
        <translation>应答的 Content-Length 不是有效大小：&quot;%1&quot;</translation>
    </message>
    <message>
        <source>the reply ends after %1 of its %2 bytes</source>
        <translation>应答在其 %2 字节中的第 %1 字节后结束</translation>
    </message>
    <message>
        <source>the container&apos;s JSON is malformed at offset %1: %2</source>
        <translation>容器的 JSON 在偏移量 %1 处格式错误：%2</translation>
    </message>
    <message>
        <source>the container&apos;s JSON is not an object</source>
        <translation>容器的 JSON 不是对象</translation>
    </message>
    <message>
        <source>the container&apos;s JSON has no Id</source>
        <translation>容器的 JSON 没有 Id</translation>
    </message>
    <message>
        <source>the container&apos;s label &quot;%1&quot; is not a string</source>
        <translation>容器的标签 &quot;%1&quot; 不是字符串</translation>
    </message>
    <message>
        <source>the kubelet&apos;s reply is not a ListPodResourcesResponse</source>
        <translation>kubelet 的应答不是 ListPodResourcesResponse</translation>
    </message>
    <message>
        <source>the kubelet&apos;s reply is not an AllocatableResourcesResponse</source>
        <translation>kubelet 的应答不是 AllocatableResourcesResponse</translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation>Slurm 作业 %1</translation>
    </message>
    <message>
        <source>container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <source>pod %1/%2</source>
        <translation>pod %1/%2</translation>
    </message>
    <message>
        <source>label %1 of %2</source>
        <translation>%2 的标签 %1</translation>
    </message>
    <message>
        <source>namespace %1%2</source>
        <translation>命名空间 %1%2</translation>
    </message>
    <message>
        <source>container name %1 matches &quot;%2&quot;%3</source>
        <translation>容器名称 %1 匹配 &quot;%2&quot;%3</translation>
    </message>
    <message>
        <source>the process&apos;s user</source>
        <translation>进程的用户</translation>
    </message>
    <message>
        <source>%1 (root inside, no rule names a person)</source>
        <translation>%1（容器内为 root，没有规则指明具体用户）</translation>
    </message>
    <message>
        <source>scontrol: no JobId in &quot;%1&quot;</source>
        <translation>scontrol：&quot;%1&quot; 中没有 JobId</translation>
    </message>
    <message>
        <source>scontrol: JobId &quot;%1&quot; is not a number</source>
        <translation>scontrol：JobId &quot;%1&quot; 不是数字</translation>
    </message>
    <message>
        <source>scontrol: job %1: UserId &quot;%2&quot; is not name(uid)</source>
        <translation>scontrol：作业 %1：UserId &quot;%2&quot; 不是 name(uid) 格式</translation>
    </message>
    <message>
        <source>scontrol listpids: line %1 is not &quot;PID JOBID STEPID …&quot;: %2</source>
        <translation>scontrol listpids：第 %1 行不是 &quot;PID JOBID STEPID …&quot; 格式：%2</translation>
    </message>
    <message>
        <source>%1: no answer within %2 ms</source>
        <translation>%1：%2 ms 内无应答</translation>
    </message>
    <message>
        <source>%1: the reply is over %2 bytes</source>
        <translation>%1：应答超过 %2 字节</translation>
    </message>
    <message>
        <source>%1: no such socket (is the daemon running?)</source>
        <translation>%1：套接字不存在（守护进程是否在运行？）</translation>
    </message>
    <message>
        <source>%1: HTTP %2: %3</source>
        <translation>%1：HTTP %2：%3</translation>
    </message>
    <message>
        <source>no such container</source>
        <translation>容器不存在</translation>
    </message>
    <message>
        <source>%1: no such socket (no kubelet on this node, or its pod-resources folder is not mounted into the agent&apos;s container)</source>
        <translation>%1：套接字不存在（此节点上没有 kubelet，或其 pod-resources 文件夹未挂载到代理的容器中）</translation>
    </message>
    <message>
        <source>%1: permission denied (the agent needs root, or write access to the socket)</source>
        <translation>%1：权限被拒绝（代理需要 root 权限，或对该套接字的写权限）</translation>
    </message>
    <message>
        <source>%1: no answer to List within %2 ms</source>
        <translation>%1：%2 ms 内 List 无应答</translation>
    </message>
    <message>
        <source>%1: the kubelet has no v1 pod-resources API (Kubernetes before 1.20)</source>
        <translation>%1：kubelet 没有 v1 pod-resources API（Kubernetes 1.20 之前的版本）</translation>
    </message>
    <message>
        <source>%1: List failed: %2 (%3)</source>
        <translation>%1：List 失败：%2（%3）</translation>
    </message>
    <message>
        <source>%1: the kubelet has no GetAllocatableResources (Kubernetes before 1.21): which GPUs it may assign is not known, which pod holds which GPU still is</source>
        <translation>%1：kubelet 没有 GetAllocatableResources（Kubernetes 1.21 之前的版本）：无法得知它可分配哪些 GPU，但仍可得知哪个 pod 占用哪个 GPU</translation>
    </message>
    <message>
        <source>%1: GetAllocatableResources failed: %2 (%3)</source>
        <translation>%1：GetAllocatableResources 失败：%2（%3）</translation>
    </message>
</context>
<context>
    <name>gw::owners::OwnerResolver</name>
    <message>
        <source>pod names are not available: %1</source>
        <translation>pod 名称不可用：%1</translation>
    </message>
    <message>
        <source>pod %1 runs on %2, which the kubelet assigned to pod %3/%4, while another GPU showed it to be pod %5/%6: its pod is not named</source>
        <translation>pod %1 运行在 %2 上，kubelet 将该 GPU 分配给了 pod %3/%4，而另一个 GPU 显示它属于 pod %5/%6：不指明其所属 pod</translation>
    </message>
    <message>
        <source>container names are not available: %1</source>
        <translation>容器名称不可用：%1</translation>
    </message>
    <message>
        <source>Slurm job names are not available: %1</source>
        <translation>Slurm 作业名称不可用：%1</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 ms</source>
        <translation>%1 在 %2 ms 内没有应答</translation>
    </message>
    <message>
        <source>scontrol show job %1: %2</source>
        <translation>scontrol show job %1：%2</translation>
    </message>
</context>
<context>
    <name>gw::owners::SlurmCanceller</name>
    <message>
        <source>no such job</source>
        <translation>作业不存在</translation>
    </message>
    <message>
        <source>%1 %2 did not end within %3 ms</source>
        <translation>%1 %2 未在 %3 ms 内结束</translation>
    </message>
    <message>
        <source>%1 %2 crashed</source>
        <translation>%1 %2 崩溃</translation>
    </message>
    <message>
        <source>%1 %2 exited with %3, saying nothing</source>
        <translation>%1 %2 以退出码 %3 退出，无任何输出</translation>
    </message>
    <message>
        <source>%1 %2 exited with %3: %4</source>
        <translation>%1 %2 以退出码 %3 退出：%4</translation>
    </message>
</context>
<context>
    <name>gw::owners::WorkloadStopper</name>
    <message>
        <source>the Engine API at %1</source>
        <translation>位于 %1 的 Engine API</translation>
    </message>
    <message>
        <source>%1 is not stopped by GPU Warden (docs/enforcement.md)</source>
        <translation>GPU Warden 不会停止 %1（docs/enforcement.md）</translation>
    </message>
</context>
<context>
    <name>gw::policy</name>
    <message>
        <source>%1: valid
</source>
        <translation>%1：有效
</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; in %2</source>
        <translation>%2 中的未知键 &quot;%1&quot;</translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation>（是否指 &quot;%1&quot;？）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be true or false</source>
        <translation>&quot;%1&quot; 必须为 true 或 false</translation>
    </message>
    <message>
        <source>%1 must be a string in quotes</source>
        <translation>%1 必须是带引号的字符串</translation>
    </message>
    <message>
        <source>%1 must be a number</source>
        <translation>%1 必须是数字</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not %4</source>
        <translation>%1 必须介于 %2 和 %3 之间，而不是 %4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3, not &quot;%4&quot;</source>
        <translation>%1 必须介于 %2 和 %3 之间，而不是 &quot;%4&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be %2, not &quot;%3&quot;</source>
        <translation>&quot;%1&quot; 必须为 %2，而不是 &quot;%3&quot;</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>each entry of &quot;%1&quot;</source>
        <translation>&quot;%1&quot; 的每个条目</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid user name</source>
        <translation>&quot;%1&quot; 不是有效的用户名</translation>
    </message>
    <message>
        <source>an entry of &quot;%1&quot; is empty</source>
        <translation>&quot;%1&quot; 的某个条目为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is listed twice</source>
        <translation>&quot;%1&quot; 被列出了两次</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid group name</source>
        <translation>%2 中的 &quot;%1&quot; 不是有效的组名</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a valid user name</source>
        <translation>%2 中的 &quot;%1&quot; 不是有效的用户名</translation>
    </message>
    <message>
        <source>%1 needs a &quot;share&quot;</source>
        <translation>%1 需要 &quot;share&quot;</translation>
    </message>
    <message>
        <source>the share of %1</source>
        <translation>%1 的份额</translation>
    </message>
    <message>
        <source>each entry of &quot;windows&quot;</source>
        <translation>&quot;windows&quot; 的每个条目</translation>
    </message>
    <message>
        <source>window &quot;%1&quot;: %2</source>
        <translation>时间窗 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>&quot;windows&quot; is empty: leave it out for a quota that always applies</source>
        <translation>&quot;windows&quot; 为空：若配额始终适用，请省略它</translation>
    </message>
    <message>
        <source>%1 must be a share (0-100) or { share = …, windows = [...] }</source>
        <translation>%1 必须是份额（0-100）或 { share = …, windows = [...] }</translation>
    </message>
    <message>
        <source>the users&apos; shares add up to %1 %, more than the server has; each is still a ceiling</source>
        <translation>用户份额合计 %1 %，超过了服务器的总量；每个份额仍是上限</translation>
    </message>
    <message>
        <source>%1 must be a finite number, not %2</source>
        <translation>%1 必须是有限数，而不是 %2</translation>
    </message>
    <message>
        <source>%1 must be %2, not %3</source>
        <translation>%1 必须为 %2，而不是 %3</translation>
    </message>
    <message>
        <source>0 or below</source>
        <translation>0 或以下</translation>
    </message>
    <message>
        <source>0 or more</source>
        <translation>0 或以上</translation>
    </message>
    <message>
        <source>a pattern in [tokens.prices] is empty: write a part of the GPU&apos;s name, such as &quot;RTX 3090&quot;</source>
        <translation>[tokens.prices] 中有空模式：请写 GPU 名称的一部分，例如 &quot;RTX 3090&quot;</translation>
    </message>
    <message>
        <source>price &quot;%1&quot; repeats &quot;%2&quot; (line %3); patterns are matched ignoring case</source>
        <translation>价格 &quot;%1&quot; 与 &quot;%2&quot;（第 %3 行）重复；模式匹配不区分大小写</translation>
    </message>
    <message>
        <source>the price of &quot;%1&quot;</source>
        <translation>&quot;%1&quot; 的价格</translation>
    </message>
    <message>
        <source>0 or more tokens per GPU-hour</source>
        <translation>每 GPU 小时 0 或以上代币</translation>
    </message>
    <message>
        <source>a pattern in %1 is empty: write a container&apos;s name, with * for any run of characters and ? for one, such as &quot;train-*&quot;</source>
        <translation>%1 中有空模式：请写容器名称，* 匹配任意长度的字符，? 匹配单个字符，例如 &quot;train-*&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a Kubernetes namespace (lower-case letters, digits and &apos;-&apos;, at most 63 characters)</source>
        <translation>%2 中的 &quot;%1&quot; 不是 Kubernetes 命名空间（小写字母、数字和 &apos;-&apos;，最多 63 个字符）</translation>
    </message>
    <message>
        <source>%1 must be { user = &quot;…&quot;, account = &quot;…&quot; }</source>
        <translation>%1 必须是 { user = &quot;…&quot;, account = &quot;…&quot; }</translation>
    </message>
    <message>
        <source>&quot;%1&quot; of %2</source>
        <translation>%2 的 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; of %2 is empty: leave it out instead</source>
        <translation>%2 的 &quot;%1&quot; 为空：请改为省略它</translation>
    </message>
    <message>
        <source>%1 names neither a &quot;user&quot; nor an &quot;account&quot;</source>
        <translation>%1 既未指定 &quot;user&quot; 也未指定 &quot;account&quot;</translation>
    </message>
    <message>
        <source>; an account is a table, [accounts.%1]</source>
        <translation>；账户是一个表 [accounts.%1]</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an account name (letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, at most 64 characters)</source>
        <translation>&quot;%1&quot; 不是账户名（字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;，最多 64 个字符）</translation>
    </message>
    <message>
        <source>each member of %1</source>
        <translation>%1 的每个成员</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a user name or &quot;@group&quot;</source>
        <translation>%2 中的 &quot;%1&quot; 不是用户名或 &quot;@group&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a member of %2 and of [accounts.%3] (line %4): a person&apos;s use is charged to one account; a job names another through its Slurm account or its labels</source>
        <translation>&quot;%1&quot; 同时是 %2 和 [accounts.%3]（第 %4 行）的成员：一个人的用量只计入一个账户；作业可通过其 Slurm 账户或标签指定其他账户</translation>
    </message>
    <message>
        <source>%1 must be a whole number of GPUs</source>
        <translation>%1 必须是整数个 GPU</translation>
    </message>
    <message>
        <source>&quot;share&quot; of %1</source>
        <translation>%1 的 &quot;share&quot;</translation>
    </message>
    <message>
        <source>%1: &quot;max_gpus_per_member&quot; (%2) is more than &quot;max_gpus&quot; (%3): no member can reach it</source>
        <translation>%1：&quot;max_gpus_per_member&quot;（%2）大于 &quot;max_gpus&quot;（%3）：任何成员都无法达到</translation>
    </message>
    <message>
        <source>the accounts&apos; shares add up to %1 %, more than the server has</source>
        <translation>各账户份额合计 %1 %，超过了服务器的总量</translation>
    </message>
    <message>
        <source>is not a valid URL, such as &quot;https://host.example.org/…&quot;</source>
        <translation>不是有效的 URL（例如 &quot;https://host.example.org/…&quot;）</translation>
    </message>
    <message>
        <source>must be an http:// or https:// URL</source>
        <translation>必须是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; %3</source>
        <translation>%1：&quot;%2&quot; %3</translation>
    </message>
    <message>
        <source>is not an e-mail address, such as &quot;alice@lab.example.org&quot;</source>
        <translation>不是电子邮件地址（例如 &quot;alice@lab.example.org&quot;）</translation>
    </message>
    <message>
        <source>is not a Matrix room id, such as &quot;!AbCdEf:matrix.example.org&quot; (a room the agent&apos;s account is in, such as a direct chat)</source>
        <translation>不是 Matrix 房间 ID（例如 &quot;!AbCdEf:matrix.example.org&quot;，须为代理的 Matrix 账户所在的房间，例如私聊）</translation>
    </message>
    <message>
        <source>is not a language code, such as &quot;de&quot;</source>
        <translation>不是语言代码（例如 &quot;de&quot;）</translation>
    </message>
    <message>
        <source>; a person&apos;s contacts are a table, [contacts.%1]</source>
        <translation>；个人的联系方式是一个表 [contacts.%1]</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a user name</source>
        <translation>&quot;%1&quot; 不是用户名</translation>
    </message>
    <message>
        <source>must be an absolute path</source>
        <translation>必须是绝对路径</translation>
    </message>
    <message>
        <source>is not an address pattern, such as &quot;{user}@example.org&quot; ({user} is the only placeholder)</source>
        <translation>不是地址模式（例如 &quot;{user}@example.org&quot;；{user} 是唯一的占位符）</translation>
    </message>
    <message>
        <source>is not a relay, such as &quot;smtp://mail.example.org:25&quot;</source>
        <translation>不是中继地址（例如 &quot;smtp://mail.example.org:25&quot;）</translation>
    </message>
    <message>
        <source>is not an e-mail address, such as &quot;gpuwarden@lab.example.org&quot;</source>
        <translation>不是电子邮件地址（例如 &quot;gpuwarden@lab.example.org&quot;）</translation>
    </message>
    <message>
        <source>is not a language code, such as &quot;en&quot; or &quot;de&quot;</source>
        <translation>不是语言代码（例如 &quot;en&quot; 或 &quot;de&quot;）</translation>
    </message>
    <message>
        <source>each entry of &quot;warnings&quot;</source>
        <translation>&quot;warnings&quot; 的每个条目</translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; must be shorter than &quot;time_window&quot; (%2)</source>
        <translation>警告 &quot;%1&quot; 必须短于 &quot;time_window&quot;（%2）</translation>
    </message>
    <message>
        <source>warning &quot;%1&quot; is given twice</source>
        <translation>警告 &quot;%1&quot; 被指定了两次</translation>
    </message>
    <message>
        <source>each band ({ up_to = …, multiplier = … })</source>
        <translation>每个区间（{ up_to = …, multiplier = … }）</translation>
    </message>
    <message>
        <source>a band</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>a band needs &quot;up_to&quot; (percent busy) and &quot;multiplier&quot; (0-1)</source>
        <translation>区间需要 &quot;up_to&quot;（繁忙百分比）和 &quot;multiplier&quot;（0-1）</translation>
    </message>
    <message>
        <source>bands must go up: &quot;up_to&quot; %1 after %2</source>
        <translation>区间必须递增：&quot;up_to&quot; %1 位于 %2 之后</translation>
    </message>
    <message>
        <source>&quot;up_to&quot; must be above 0</source>
        <translation>&quot;up_to&quot; 必须大于 0</translation>
    </message>
    <message>
        <source>&quot;bands&quot; is empty</source>
        <translation>&quot;bands&quot; 为空</translation>
    </message>
    <message>
        <source>the last band must reach &quot;up_to&quot; = 100, not %1, so every load has one</source>
        <translation>最后一个区间必须达到 &quot;up_to&quot; = 100，而不是 %1，以便每种负载都有所属区间</translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; is not a valid URL, such as &quot;https://hooks.example.com/services/…&quot;</source>
        <translation>&quot;webhook_url&quot;：&quot;%1&quot; 不是有效的 URL（例如 &quot;https://hooks.example.com/services/…&quot;）</translation>
    </message>
    <message>
        <source>&quot;webhook_url&quot;: &quot;%1&quot; must be an http:// or https:// URL</source>
        <translation>&quot;webhook_url&quot;：&quot;%1&quot; 必须是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>&quot;time_zone&quot; is empty: leave it out for this machine&apos;s zone</source>
        <translation>&quot;time_zone&quot; 为空：如需使用本机时区，请省略它</translation>
    </message>
    <message>
        <source>&quot;time_zone&quot;: &quot;%1&quot; is not a known time zone; write an IANA name such as &quot;Europe/Berlin&quot; or &quot;UTC&quot;</source>
        <translation>&quot;time_zone&quot;：&quot;%1&quot; 不是已知时区；请写 IANA 名称，例如 &quot;Europe/Berlin&quot; 或 &quot;UTC&quot;</translation>
    </message>
    <message>
        <source>&quot;currency&quot;: &quot;%1&quot; is not a currency as a report writes it: 1 to 8 characters, no spaces, such as &quot;EUR&quot; or &quot;€&quot;</source>
        <translation>&quot;currency&quot;：&quot;%1&quot; 不是报告可用的货币写法：1 到 8 个字符，不含空格，例如 &quot;EUR&quot; 或 &quot;€&quot;</translation>
    </message>
    <message>
        <source>%1 must be a whole number</source>
        <translation>%1 必须是整数</translation>
    </message>
    <message>
        <source>%1 must be a whole number of %2</source>
        <translation>%1 必须是以 %2 为单位的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a label key (no spaces, no &apos;=&apos;); write &quot;&quot; for none</source>
        <translation>%1：&quot;%2&quot; 不是标签键（不能含空格和 &apos;=&apos;）；若不使用请写 &quot;&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_namespaces&quot; is not a Kubernetes namespace (lower-case letters, digits and &apos;-&apos;, at most 63 characters)</source>
        <translation>&quot;exempt_namespaces&quot; 中的 &quot;%1&quot; 不是 Kubernetes 命名空间（小写字母、数字和 &apos;-&apos;，最多 63 个字符）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_labels&quot; is not a label: write &quot;key=value&quot;, or &quot;key&quot; for any value</source>
        <translation>&quot;exempt_labels&quot; 中的 &quot;%1&quot; 不是标签：请写 &quot;key=value&quot;，或写 &quot;key&quot; 匹配任意值</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in &quot;exempt_jobs&quot; is not a Slurm job id (a number, such as &quot;1234&quot;)</source>
        <translation>&quot;exempt_jobs&quot; 中的 &quot;%1&quot; 不是 Slurm 作业 ID（应为数字，例如 &quot;1234&quot;）</translation>
    </message>
    <message>
        <source>[allocate]: &quot;free_memory_weight&quot; and &quot;idle_weight&quot; are both 0: every GPU would score the same</source>
        <translation>[allocate]：&quot;free_memory_weight&quot; 和 &quot;idle_weight&quot; 均为 0：每个 GPU 的得分都会相同</translation>
    </message>
    <message>
        <source>[energy]: &quot;currency&quot; without &quot;price_per_kwh&quot;: the report shows no cost</source>
        <translation>[energy]：有 &quot;currency&quot; 但没有 &quot;price_per_kwh&quot;：报告不显示费用</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day HH:MM</source>
        <translation>&quot;%1&quot; 不是 HH:MM 格式的时刻</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time of day (00:00 to 23:59, or 24:00 as an end)</source>
        <translation>&quot;%1&quot; 不是时刻（00:00 至 23:59，作为结束时间时可为 24:00）</translation>
    </message>
    <message>
        <source>write days and a time range, such as &quot;Mon-Fri 09:00-17:00&quot;</source>
        <translation>请写出星期和时间范围，例如 &quot;Mon-Fri 09:00-17:00&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a day or a range of days (Mon, Tue, Wed, Thu, Fri, Sat, Sun; &quot;Mon-Fri&quot;, &quot;Sat,Sun&quot;)</source>
        <translation>&quot;%1&quot; 不是星期或星期范围（Mon、Tue、Wed、Thu、Fri、Sat、Sun；&quot;Mon-Fri&quot;、&quot;Sat,Sun&quot;）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time range such as 09:00-17:00</source>
        <translation>&quot;%1&quot; 不是时间范围（例如 09:00-17:00）</translation>
    </message>
    <message>
        <source>the window starts and ends at the same time</source>
        <translation>时间窗的开始和结束时间相同</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration: write a whole number and s, m, h or d, such as &quot;30s&quot;, &quot;10m&quot;, &quot;2h&quot;</source>
        <translation>&quot;%1&quot; 不是时长：请写一个整数加 s、m、h 或 d，例如 &quot;30s&quot;、&quot;10m&quot;、&quot;2h&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be longer than zero</source>
        <translation>&quot;%1&quot; 必须大于零</translation>
    </message>
    <message>
        <source>unknown section [%1]; the known sections are %2</source>
        <translation>未知节 [%1]；已知的节为 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; (write it as a section, [%1])</source>
        <translation>&quot;%1&quot;（请写成节 [%1]）</translation>
    </message>
    <message>
        <source>%1: cannot read the policy: %2</source>
        <translation>%1：无法读取策略：%2</translation>
    </message>
    <message>
        <source>account %1</source>
        <translation>账户 %1</translation>
    </message>
    <message>
        <source>namespace %1</source>
        <translation>命名空间 %1</translation>
    </message>
    <message>
        <source>Slurm job %1</source>
        <translation>Slurm 作业 %1</translation>
    </message>
    <message>
        <source>label %1</source>
        <translation>标签 %1</translation>
    </message>
    <message>
        <source>ongoing</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation>（估计）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>hog: %1 % GPU for %2, per %3, alert %4</source>
        <translation>独占：GPU %1 % 持续 %2，按%3计，告警%4</translation>
    </message>
    <message>
        <source>idle: below %1 % GPU for %2 holding ≥ %3 MiB, power check %4; warnings %5; then %6%7, SIGKILL after %8</source>
        <translation>空闲：GPU 低于 %1 % 持续 %2 且占用 ≥ %3 MiB，功耗检查%4；警告 %5；然后%6%7，%8 后发送 SIGKILL</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>notify</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>terminate</source>
        <translation>终止</translation>
    </message>
    <message>
        <source> (dry run)</source>
        <translation>（试运行）</translation>
    </message>
    <message>
        <source>idle exempt: %1</source>
        <translation>空闲豁免：%1</translation>
    </message>
    <message>
        <source>quota: over %1, default %2 %; %3</source>
        <translation>配额：统计周期 %1，默认 %2 %；%3</translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>无上限</translation>
    </message>
    <message>
        <source>accounts: GPUs per person %1; the cap rule %2</source>
        <translation>账户：每人 GPU 数 %1；上限规则%2</translation>
    </message>
    <message>
        <source>in dry run</source>
        <translation>处于试运行</translation>
    </message>
    <message>
        <source>acts</source>
        <translation>生效</translation>
    </message>
    <message>
        <source>account %1: %2; GPUs %3, per member %4%5</source>
        <translation>账户 %1：%2；GPU %3，每个成员 %4%5</translation>
    </message>
    <message>
        <source>(members from the owner rules)</source>
        <translation>（成员来自所有者规则）</translation>
    </message>
    <message>
        <source>; share %1 %</source>
        <translation>；份额 %1 %</translation>
    </message>
    <message>
        <source>adaptive: %1; %2; defensive ×%3 when hogs are present over %4 % of %5</source>
        <translation>自适应：%1；%2；独占出现时间超过 %5 的 %4 % 时进入防御模式 ×%3</translation>
    </message>
    <message>
        <source>alerts: no webhook</source>
        <translation>告警：无 webhook</translation>
    </message>
    <message>
        <source>alerts: webhook %1, at most one per kind and user every %2, %3 retries, timeout %4</source>
        <translation>告警：webhook %1，每种类型和用户每 %2 最多一次，重试 %3 次，超时 %4</translation>
    </message>
    <message>
        <source>mail through %1</source>
        <translation>通过 %1 发送邮件</translation>
    </message>
    <message>
        <source>Matrix at %1</source>
        <translation>Matrix：%1</translation>
    </message>
    <message>
        <source>terminals</source>
        <translation>终端</translation>
    </message>
    <message>
        <source>no terminals</source>
        <translation>无终端</translation>
    </message>
    <message>
        <source>contacts: %1 listed%2%3; default address %4; %5</source>
        <translation>联系人：已列出 %1 个%2%3；默认地址 %4；%5</translation>
    </message>
    <message>
        <source>, more in %1</source>
        <translation>，更多见 %1</translation>
    </message>
    <message>
        <source>, %1 opted out of notices that enforce nothing</source>
        <translation>，%1 个已选择不接收不涉及强制执行的通知</translation>
    </message>
    <message>
        <source>allocate: score %1 × free memory + %2 × idle; reservations last %3, waits at most %4</source>
        <translation>分配：得分 = %1 × 可用显存 + %2 × 空闲；预留持续 %3，最多等待 %4</translation>
    </message>
    <message>
        <source>tokens: no books</source>
        <translation>代币：无账本</translation>
    </message>
    <message>
        <source>others %1</source>
        <translation>其他 %1</translation>
    </message>
    <message>
        <source>%1 per kWh (energy used)</source>
        <translation>每 kWh %1（按所用能耗）</translation>
    </message>
    <message>
        <source>%1 per GPU-hour (%2)</source>
        <translation>每 GPU 小时 %1（%2）</translation>
    </message>
    <message>
        <source>memory held</source>
        <translation>按占用显存</translation>
    </message>
    <message>
        <source>weighted by use</source>
        <translation>按使用加权</translation>
    </message>
    <message>
        <source>tokens: %1; initial %2, monthly %3, daily %4 %5, floor %6; days in %7</source>
        <translation>代币：%1；初始 %2，每月 %3，每日 %4（%5），下限 %6；日期按 %7 划分</translation>
    </message>
    <message>
        <source>while negative</source>
        <translation>为负时</translation>
    </message>
    <message>
        <source>always</source>
        <translation>始终</translation>
    </message>
    <message>
        <source>this machine&apos;s zone</source>
        <translation>本机时区</translation>
    </message>
    <message>
        <source>tokens users: %1</source>
        <translation>代币用户：%1</translation>
    </message>
    <message>
        <source>tokens enforcement: %1%2; demand %3 % for %4%5; steps every %6, kill grace %7</source>
        <translation>代币强制执行：%1%2；需求 %3 % 持续 %4%5；步骤间隔 %6，SIGKILL 宽限期 %7</translation>
    </message>
    <message>
        <source> or a refused allocation</source>
        <translation> 或分配被拒绝</translation>
    </message>
    <message>
        <source>%1 %2 per kWh</source>
        <translation>每 kWh %1 %2</translation>
    </message>
    <message>
        <source>(no currency)</source>
        <translation>（无货币）</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>%1 g CO2 per kWh</source>
        <translation>每 kWh %1 g CO2</translation>
    </message>
    <message>
        <source>no CO2 intensity</source>
        <translation>无 CO2 强度</translation>
    </message>
    <message>
        <source>energy: %1; %2</source>
        <translation>能耗：%1；%2</translation>
    </message>
    <message>
        <source>owners: labels %1 and %2, Slurm&apos;s user and account %3</source>
        <translation>所有者：标签 %1 和 %2，Slurm 用户和账户 %3</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>owners namespaces: %1</source>
        <translation>所有者命名空间：%1</translation>
    </message>
    <message>
        <source>owners containers: %1</source>
        <translation>所有者容器：%1</translation>
    </message>
    <message>
        <source>namespaces</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>accounts</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>Slurm jobs</source>
        <translation>Slurm 作业</translation>
    </message>
    <message>
        <source>owners exempt: %1</source>
        <translation>豁免的所有者：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a list in brackets, [...]</source>
        <translation>&quot;%1&quot; 必须是方括号中的列表，[...]</translation>
    </message>
    <message>
        <source>%1 must be a table</source>
        <translation>%1 必须是表</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a table: write [%1]</source>
        <translation>&quot;%1&quot; 不是表：请写成 [%1]</translation>
    </message>
</context>
<context>
    <name>gw::writeFileWhole</name>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Monitoring and admin for shared GPU servers.</source>
        <translation>共享 GPU 服务器的监控与管理。</translation>
    </message>
    <message>
        <source>Show a simulated fleet of three servers.</source>
        <translation>显示由三台服务器组成的模拟服务器群。</translation>
    </message>
    <message>
        <source>Sampling interval.</source>
        <translation>采样间隔。</translation>
    </message>
    <message>
        <source>Close the window after this long (for tests).</source>
        <translation>经过此时长后关闭窗口（用于测试）。</translation>
    </message>
    <message>
        <source>History file (default: in the application&apos;s data folder).</source>
        <translation>历史文件（默认：位于应用程序的数据文件夹中）。</translation>
    </message>
    <message>
        <source>Keep no history.</source>
        <translation>不保存历史。</translation>
    </message>
    <message>
        <source>Keep every reading this many days.</source>
        <translation>每个读数保留此天数。</translation>
    </message>
    <message>
        <source>Keep per-minute roll-ups this many days.</source>
        <translation>每分钟汇总数据保留此天数。</translation>
    </message>
    <message>
        <source>Keep per-hour roll-ups this many days.</source>
        <translation>每小时汇总数据保留此天数。</translation>
    </message>
    <message>
        <source>Do not sample this machine; watch only the configured servers.</source>
        <translation>不对本机采样；只监视已配置的服务器。</translation>
    </message>
    <message>
        <source>Settings file (servers list; default: the user&apos;s).</source>
        <translation>设置文件（服务器列表；默认：当前用户的设置文件）。</translation>
    </message>
    <message>
        <source>Watching remote servers only (--no-local).</source>
        <translation>仅监视远程服务器（--no-local）。</translation>
    </message>
    <message>
        <source>Try gpuwarden --help for the options.</source>
        <translation>请使用 gpuwarden --help 查看选项。</translation>
    </message>
    <message>
        <source>Show a simulated fleet of this many servers (1 to 64; from the fourth on, 8 GPUs each).</source>
        <translation>显示由此数量的服务器组成的模拟服务器群（1 到 64；从第四台起，每台 8 个 GPU）。</translation>
    </message>
    <message>
        <source>built-in defaults</source>
        <translation>内置默认值</translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <source>Policies off: %1</source>
        <translation>策略已关闭：%1</translation>
    </message>
    <message>
        <source>Policies unchanged: %1</source>
        <translation>策略未更改：%1</translation>
    </message>
    <message>
        <source>Save the window (with its open dialogs) as PNG after --quit-after-ms, then quit.</source>
        <translation>在 --quit-after-ms 之后将窗口（连同其打开的对话框）保存为 PNG，然后退出。</translation>
    </message>
    <message>
        <source>Open on this page: overview, processes, details, events, tokens, enforcement or fair-share (the Tokens page&apos;s second and third tabs), or with a dialog open: find-gpus (Find GPUs), prices (the token price editor), report (the report dialog, building the last 24 h).</source>
        <translation>启动时打开此页面：overview、processes、details、events、tokens、enforcement 或 fair-share（“代币”页面的第二和第三个标签页），或打开某个对话框：find-gpus（查找 GPU）、prices（代币价格编辑器）、report（报告对话框，生成最近 24 h 的报告）。</translation>
    </message>
    <message>
        <source>Filling the demo&apos;s past week: %1 %…</source>
        <translation>正在填充演示的过去一周：%1 %…</translation>
    </message>
    <message>
        <source>%1 and %2 are one agent (%3): its figures are shown twice; remove one in File → Servers…</source>
        <translation>%1 和 %2 是同一个代理（%3）：其数值显示了两次；请在“文件 → 服务器…”中移除其中一个</translation>
    </message>
    <message>
        <source>%1 is another agent now (%2, before %3): the two are kept apart</source>
        <translation>%1 现在是另一个代理（%2，之前为 %3）：两者分开保存</translation>
    </message>
    <message>
        <source>the history of the agent %1 was before is kept apart as &quot;%2&quot;</source>
        <translation>%1 之前所对应代理的历史单独保存为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>the history of &quot;%1&quot; (the same agent) is now under %2</source>
        <translation>&quot;%1&quot;（同一个代理）的历史现在位于 %2 下</translation>
    </message>
    <message>
        <source>the history of &quot;%1&quot; (the same agent) stays under that name: %2 has one of its own</source>
        <translation>&quot;%1&quot;（同一个代理）的历史保留在该名称下：%2 有自己的历史</translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>历史：%1</translation>
    </message>
</context>
</TS>
