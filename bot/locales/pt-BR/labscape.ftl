# Labscape — português do Brasil.
#
# Cada mensagem tem uma gêmea em ../en/labscape.ftl com as mesmas variáveis; um teste
# confere. O vocabulário do jogo segue as notas do designer: chaves, comida, salas
# especiais, robô, amanhecer, andar, módulo, parede, marcador de tempo.

## Recusas (UserError): culpa de quem pediu, nada mudou.

error-no-game = Não há partida neste chat. Comece uma com /new (por exemplo: /new pyramid medium).
error-game-here = Este chat já tem uma partida ({ $game }). Termine ou use /abandon antes de começar outra.
error-not-seated = Você não está jogando esta partida. Use /join enquanto ela estiver no saguão.
error-already-seated = Você já tem um lugar nesta partida.
error-full = A partida está cheia ({ $seats ->
        [one] { $seats } lugar
       *[other] { $seats } lugares
    }).
error-not-creator = Só quem criou a partida pode { $deed }.
error-not-creator-or-admin = Só quem criou a partida ou um admin do chat pode { $deed }.
error-not-started = A partida ainda não começou. Quem a criou dá a largada com /start.
error-already-started = A partida já começou.
error-cannot-leave = A partida já está rolando e os lugares estão fechados. Quem a criou pode usar /abandon.
error-moved-on = A partida andou desde que isso foi enviado. Dê uma olhada no turno mais recente.
error-already-handled = Isso já foi feito.
error-cant-read = Não entendi: { $problem }
error-illegal = Agora você não pode fazer isso: { $problem }.
error-unknown-topic = Não existe o tópico de regras “{ $topic }”. Tópicos: { $topics }.
error-unknown-table = Não existe a tabela “{ $table }”. Tabelas: search, special, start, dawn, items.
error-not-awaited = Só quem está na vez pode adiar os lembretes.
error-unknown-policy = Não existe o jogador automático “{ $policy }”. Tente: { $policies }.
error-internal = Algo deu errado do nosso lado e nada foi alterado. Tente de novo daqui a pouco.

# O que só quem criou a partida (ou um admin) pode fazer: completa error-not-creator.
deed-add-bots = adicionar jogadores automáticos
deed-start = começar a partida
deed-abandon = abandonar a partida
deed-change-settings = mudar as configurações da partida
deed-change-language = mudar o idioma do chat

# Comandos ilegíveis.
parse-too-long = isso é comprido demais (no máximo { $max } caracteres)
parse-unknown-command = “/{ $command }” não é um comando; /help mostra a lista
parse-bad-count = “{ $value }” não é uma quantidade de 1 a 100; escreva assim: /log 10
parse-bad-new-arg = não entendi “{ $value }”; escreva assim: /new pyramid medium random 4

# Opções ruins para /new.
option-layout = { $problem }. Prédios prontos: { $presets }
option-difficulty = “{ $value }” não é uma dificuldade: easy (fácil), medium (médio), hard (muito difícil) ou impossible (impossibru)
option-setup = “{ $value }” não é um modo de preparação: random (sorteado) ou draft (montado pelos jogadores)
option-players = uma partida tem de 1 a 8 jogadores, não { $value }
option-cannot-start = { $problem }

# Valores ruins para /settings, /me e /away.
setting-needs-value = “{ $key }” precisa de um valor
setting-time-zone = “{ $value }” não é um fuso horário; use um nome como America/Sao_Paulo ou Europe/Lisbon
setting-quiet = “{ $value }” não é um horário de silêncio; escreva assim: 22:00-07:00, ou off
setting-unknown-pref = “{ $key }” não é uma preferência; use tz, quiet ou lang
setting-language = “{ $value }” não é um idioma que eu falo: en (English) ou pt-BR (português)
setting-away-when = diga até quando: /away 3d, /away 2026-11-25 18:00 (no seu fuso), ou /away off
setting-away-past = “{ $value }” não é um momento no futuro; escreva /away 3d ou /away 2026-11-25 18:00
setting-duration = “{ $value }” não é uma duração; escreva assim: 12h, 30m ou 2d
setting-limit = “{ $value }” não é um limite de lembretes de 1 a 50
setting-policy = “{ $value }” não é uma regra de prazo: advisory (só avisar) ou auto-wait (esperar automaticamente)
setting-unknown = “{ $key }” não é uma configuração; use reminder, limit, deadline, policy ou language

## Avisos do próprio Discord.

discord-outdated-command = Não entendi: uma opção que esta versão do bot não conhece (os comandos acabaram de ser atualizados; tente de novo)
discord-failed = Algo deu errado do nosso lado. Tente de novo daqui a pouco.
